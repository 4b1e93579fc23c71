#!/usr/bin/env python3
"""A forced-mate test set, and how many of it an engine solves.

collect: from the decisive games of match PGNs, takes positions 7 to 29
plies before the final mate with the winner to move, searches each with a
UCI engine, keeps those it scores `mate N` (4 <= N <= 15) with a full PV
that pyffish replays move by move as legal and ending with the loser
without a legal move. Writes `FEN; dm N` lines.

check: searches every set position with `go movetime T` (or `go nodes N`,
which repeats exactly from run to run) and counts those the engine reports
as `score mate M` with 0 < M <= N. `--curve` counts them at earlier times
from one long search, by the last scored line each time (a search stopped
then could report more: its unfinished iteration's line).

  mates.py collect --engine E --pgn a.pgn [b.pgn ...] --movetime 5000 \\
                   --out tuning/mates.epd [--per-game 2 --seed 1]
  mates.py check --engine E --set tuning/mates.epd --movetime 1000
               [--option Name=Value ...] [--curve 250,500] [--verbose]

The engine is spoken to over UCI with ranks 0-9 (Chariot, Pikafish).
"""
import argparse
import random
import re
import subprocess
import sys

import pyffish as sf

SQ = re.compile(r'^([a-i])(\d{1,2})([a-i])(\d{1,2})$')
MATE = re.compile(r'\bscore mate (-?\d+)\b')
TIME = re.compile(r'\btime (\d+)\b')


def to_ref(m):
    f1, r1, f2, r2 = SQ.match(m).groups()
    return '%s%d%s%d' % (f1, int(r1) + 1, f2, int(r2) + 1)


class Engine:
    def __init__(self, cmd, options):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send('uci')
        self.wait('uciok')
        for o in options:
            name, _, value = o.partition('=')
            self.send('setoption name %s value %s' % (name, value))
        self.send('isready')
        self.wait('readyok')

    def send(self, line):
        self.p.stdin.write(line + '\n')
        self.p.stdin.flush()

    def wait(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError('engine exited')
            lines.append(line.strip())
            if line.split() and line.split()[0] == token:
                return lines

    def mate(self, fen, movetime, nodes=None, seen=None):
        """(M, pv) of the last `score mate` line, or (None, []). `seen`, a
        list, receives (time in ms, M or None) for every scored line."""
        self.send('ucinewgame')
        self.send('position fen ' + fen)
        if nodes:
            self.send('go nodes %d' % nodes)
        else:
            self.send('go movetime %d' % movetime)
        best = (None, [])
        for line in self.wait('bestmove'):
            if ' score ' not in line or ' pv ' not in line:
                continue
            m = MATE.search(line)
            best = (int(m.group(1)), line.split(' pv ')[1].split()) if m else (None, [])
            t = TIME.search(line)
            if seen is not None and t:
                seen.append((int(t.group(1)), best[0]))
        return best

    def close(self):
        self.send('quit')
        self.p.wait(timeout=10)


def games(path):
    text = open(path).read()
    for game in re.split(r'\n(?=\[Event )', text):
        term = re.search(r'\[Termination "([^"]+)"\]', game)
        if not term or term.group(1) not in ('checkmate', 'stalemate'):
            continue
        fen = re.search(r'\[FEN "([^"]+)"\]', game)
        fen = fen.group(1) if fen else sf.start_fen('xiangqi')
        body = re.sub(r'\[[^\]]*\]', '', game)
        body = re.sub(r'\{[^}]*\}', '', body)
        moves = [(a + b).lower() for a, b in
                 re.findall(r'\b([A-I]\d)-?([A-I]\d)\b', body)]
        yield fen, moves


def mates_by_pyffish(fen, pv):
    """Whether the PV is legal move by move and ends with no legal move."""
    ref = []
    for m in pv:
        if not SQ.match(m):
            return False
        r = to_ref(m)
        if r not in sf.legal_moves('xiangqi', fen, ref):
            return False
        ref.append(r)
    return not sf.legal_moves('xiangqi', fen, ref)


def collect(args):
    rng = random.Random(args.seed)
    eng = Engine(args.engine, args.option)
    seen = set()
    out = open(args.out, 'w')
    kept = 0
    for path in args.pgn:
        for fen, moves in games(path):
            ks = rng.sample(range(7, 30, 2), args.per_game)
            for k in ks:
                if k >= len(moves):
                    continue
                start = sf.get_fen('xiangqi', fen,
                                   [to_ref(m) for m in moves[:-k]])
                key = ' '.join(start.split()[:2])
                if key in seen:
                    continue
                seen.add(key)
                n, pv = eng.mate(start, args.movetime)
                if n is None or not 4 <= n <= 15 or len(pv) != 2 * n - 1:
                    continue
                if not mates_by_pyffish(start, pv):
                    print('pyffish rejects', start, pv, file=sys.stderr)
                    continue
                out.write('%s; dm %d\n' % (start, n))
                out.flush()
                kept += 1
                print('kept %d: %s dm %d' % (kept, start, n), file=sys.stderr)
                if kept >= args.count:
                    eng.close()
                    return
    eng.close()


def check(args):
    try:
        curve = [int(t) for t in args.curve.split(',')] if args.curve else []
    except ValueError:
        sys.exit('mates.py: --curve takes times in ms, e.g. 1000,2000,5000')
    eng = Engine(args.engine, args.option)
    total = solved = 0
    by_time = {t: 0 for t in curve}
    for line in open(args.set):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        fen, _, dm = line.partition('; dm ')
        n = int(dm)
        seen = []
        m, _ = eng.mate(fen, args.movetime, args.nodes, seen)
        total += 1
        for t in curve:
            last = [s for ms, s in seen if ms <= t]
            if last and last[-1] is not None and 0 < last[-1] <= n:
                by_time[t] += 1
        if m is not None and 0 < m <= n:
            solved += 1
        elif args.verbose:
            print('missed: %s dm %d, got %s' % (fen, n, m), file=sys.stderr)
    eng.close()
    for t in curve:
        print('by %d ms: %d / %d = %.1f %%' % (t, by_time[t], total,
                                             100.0 * by_time[t] / max(total, 1)))
    print('solved %d / %d = %.1f %%' % (solved, total,
                                        100.0 * solved / max(total, 1)))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    c = sub.add_parser('collect')
    c.add_argument('--engine', required=True)
    c.add_argument('--pgn', nargs='+', required=True)
    c.add_argument('--movetime', type=int, default=5000)
    c.add_argument('--out', required=True)
    c.add_argument('--per-game', type=int, default=2)
    c.add_argument('--count', type=int, default=250)
    c.add_argument('--seed', type=int, default=1)
    c.add_argument('--option', action='append', default=[])
    k = sub.add_parser('check')
    k.add_argument('--engine', required=True)
    k.add_argument('--set', required=True)
    k.add_argument('--movetime', type=int, default=1000)
    k.add_argument('--nodes', type=int,
                   help='go nodes N instead of movetime: repeatable runs')
    k.add_argument('--option', action='append', default=[])
    k.add_argument('--curve',
                   help='also count, for each of these times in ms (e.g. '
                        '1000,2000,5000), the positions whose last scored '
                        'line by then was a solving mate')
    k.add_argument('--verbose', action='store_true')
    args = ap.parse_args()
    collect(args) if args.cmd == 'collect' else check(args)


if __name__ == '__main__':
    main()
