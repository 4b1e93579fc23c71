#!/usr/bin/env python3
"""Time to depth with one thread and with N: the Lazy SMP speedup.

Runs `ENGINE bench DEPTH --threads 1` and `--threads N` in alternating
rounds (every engine given, one after the other, so that a drift of the
machine's speed falls on all of them alike). A run's time is the nodes it
searched over the nodes per second it reports, which leaves out starting
the process and loading the net. The speedup is the median over rounds of
the one-thread time over the N-thread time; the N-thread node count over
the one-thread one is the work the helpers did not share.

  ttd.py --depth 18 --rounds 16 target/release/chariot [other-build ...]
  ttd.py --depth 16 --threads 4 --hash 64 target/release/chariot

Nothing else should run meanwhile: N threads need N idle cores.
"""
import argparse
import re
import statistics as st
import subprocess
import sys


def bench(engine, depth, threads, hash_mb):
    cmd = [engine, 'bench', str(depth), '--threads', str(threads)]
    if hash_mb:
        cmd += ['--hash', str(hash_mb)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    nodes = int(re.search(r'^Nodes searched: (\d+)', out, re.M).group(1))
    nps = int(re.search(r'^Nodes/second: (\d+)', out, re.M).group(1))
    return nodes, nodes / max(nps, 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument('engines', nargs='+')
    ap.add_argument('--depth', type=int, default=16)
    ap.add_argument('--rounds', type=int, default=16)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--hash', type=int, default=0,
                    help='MB (default: the bench\'s own)')
    args = ap.parse_args()
    if args.threads < 2:
        ap.error('--threads must be at least 2 (one thread is the reference)')

    runs = {e: {1: [], args.threads: []} for e in args.engines}
    for r in range(args.rounds):
        for e in args.engines:
            for t in (1, args.threads):
                runs[e][t].append(bench(e, args.depth, t, args.hash))
        print('round %d of %d' % (r + 1, args.rounds), file=sys.stderr)

    n = args.threads
    print('bench %d, %d rounds: median time and nodes; speedup = median of '
          'the rounds\' 1-thread / %d-thread times' % (args.depth, args.rounds, n))
    for e in args.engines:
        one, many = runs[e][1], runs[e][n]
        ratios = [a[1] / b[1] for a, b in zip(one, many)]
        t1 = st.median(x[1] for x in one)
        tn = st.median(x[1] for x in many)
        n1 = st.median(x[0] for x in one)
        nn = st.median(x[0] for x in many)
        print('%s: 1 thread %.2f s %.2f M nodes, %d threads %.2f s %.2f M '
              'nodes (%.2fx the nodes), speedup %.2fx' %
              (e, t1, n1 / 1e6, n, tn, nn / 1e6, nn / n1, st.median(ratios)))


if __name__ == '__main__':
    main()
