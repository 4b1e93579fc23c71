#!/usr/bin/env python3
"""SPSA tuning of the search parameters a `tune` build offers as options.

Each iteration plays one opening with both colours between two copies of
the engine, one with every parameter moved up by c_k (in a random
direction per parameter), the other moved down, and steps the parameters
along the result. The schedule is the usual one (a_k = a / (A + k)^0.602,
c_k = c / k^0.101), fixed by the planned number of iterations; c ends at a
tenth of each parameter's range unless --c-end says otherwise, and
r_end = a_k / c_k^2 at the end is --r-end. The defaults suit the short runs
two cores allow (about 2,000 iterations): larger steps than runs of tens of
thousands of games would use.

The state (iteration, parameters, results) is written to --state after
every iteration, so that a stopped run resumes with the same command.

  cargo build --release --features tune
  python3 tuning/scripts/spsa.py --engine target/release/chariot \\
      --referee ../shared/tools/xqmatch/xqmatch.py --openings OPENINGS \\
      --params RfpMargin,FutilityBase,... --iterations 2000 --tc 1+0.01 \\
      --state tuning/data/spsa/state.json

Each match runs through the referee with `-c 1`; the state file's
`history` holds every iteration's parameters and W/D/L.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys

OPTION = re.compile(r'^option name (\S+) type spin default (-?\d+) min (-?\d+) max (-?\d+)')
FINAL = re.compile(r'^Final: .*Games \d+: W (\d+)\s+D (\d+)\s+L (\d+)')


def spin_options(engine):
    """{name: (default, min, max)} of the engine's spin options."""
    out = subprocess.run([engine], input='uci\nquit\n', capture_output=True,
                         text=True, timeout=30).stdout
    return {m.group(1): tuple(int(x) for x in m.groups()[1:])
            for m in map(OPTION.match, out.splitlines()) if m}


def play(args, plus, minus, seed):
    """W, D, L of the `plus` engine in one opening pair."""
    cmd = [sys.executable, args.referee, '-e1', args.engine, '-p1', 'ucci',
           '-e2', args.engine, '-p2', 'ucci', '--name1', 'plus', '--name2', 'minus',
           '-o', args.openings, '--shuffle', '--seed', str(seed),
           '-n', str(args.games), '--tc', args.tc, '-c', '1', '--quiet',
           '--pgnout', os.devnull]
    for name, v in plus.items():
        cmd += ['--opt1', '%s=%d' % (name, v)]
    for name, v in minus.items():
        cmd += ['--opt2', '%s=%d' % (name, v)]
    for o in args.option:
        cmd += ['--opt1', o, '--opt2', o]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = FINAL.match(line)
        if m:
            return tuple(int(x) for x in m.groups())
    raise RuntimeError('no result from the referee:\n' + out[-2000:])


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--engine', required=True, help='a build with --features tune')
    p.add_argument('--referee', required=True, help='xqmatch.py')
    p.add_argument('--openings', required=True)
    p.add_argument('--params', required=True, help='comma-separated option names')
    p.add_argument('--iterations', type=int, required=True)
    p.add_argument('--games', type=int, default=2, help='games per iteration (even)')
    p.add_argument('--tc', default='1+0.01')
    p.add_argument('--state', required=True)
    p.add_argument('--c-end', type=float, default=None,
                   help='final perturbation, as a fraction of the range (0.1)')
    p.add_argument('--r-end', type=float, default=0.02)
    p.add_argument('--option', action='append', default=[],
                   help='NAME=VALUE for both engines (RepetitionRule=asian)')
    args = p.parse_args()

    spins = spin_options(args.engine)
    names = args.params.split(',')
    for n in names:
        if n not in spins:
            sys.exit('%s is not a spin option of %s' % (n, args.engine))
    if os.path.exists(args.state):
        state = json.load(open(args.state))
        if sorted(state['theta']) != sorted(names):
            sys.exit('the state file tunes other parameters: %s' % sorted(state['theta']))
    else:
        state = {'k': 0, 'theta': {n: float(spins[n][0]) for n in names}, 'history': []}

    n_iter = args.iterations
    big_a = 0.1 * n_iter
    frac = args.c_end if args.c_end is not None else 0.1
    consts = {}
    for n in names:
        _, lo, hi = spins[n]
        c_end = max(1.0, frac * (hi - lo))
        a_end = args.r_end * c_end ** 2
        consts[n] = (c_end * n_iter ** 0.101, a_end * (big_a + n_iter) ** 0.602, lo, hi)

    rng = random.Random(1234 + state['k'])
    while state['k'] < n_iter:
        k = state['k'] + 1
        theta = state['theta']
        plus, minus, delta, ck = {}, {}, {}, {}
        for n in names:
            c, _, lo, hi = consts[n]
            ck[n] = c / k ** 0.101
            delta[n] = rng.choice((-1, 1))
            plus[n] = int(round(min(hi, max(lo, theta[n] + ck[n] * delta[n]))))
            minus[n] = int(round(min(hi, max(lo, theta[n] - ck[n] * delta[n]))))
        w, d, l = play(args, plus, minus, seed=k)
        result = w - l
        for n in names:
            _, a, lo, hi = consts[n]
            ak = a / (big_a + k) ** 0.602
            theta[n] = min(hi, max(lo, theta[n] + ak * result / (ck[n] * delta[n])))
        state['k'] = k
        state['history'].append({'k': k, 'plus': plus, 'minus': minus, 'wdl': [w, d, l]})
        tmp = args.state + '.tmp'
        json.dump(state, open(tmp, 'w'), indent=1)
        os.replace(tmp, args.state)
        print('%d %s %s' % (k, [w, d, l],
                            ' '.join('%s=%.1f' % (n, theta[n]) for n in names)), flush=True)


if __name__ == '__main__':
    main()
