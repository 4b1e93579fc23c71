#!/usr/bin/env python3
"""Differential test of Chariot's Asian repetition rulings against pyffish.

Reads cycle lines (`FEN moves M... <TAB> source tags`, as `cycles` writes
them, ranks 0-9) and match PGNs (their repetitions), rules each with
`chariot judge --rule asian --batch` and with pyffish's
`is_optional_game_end` (ranks 1-10, on a copy of xiangqi without the
100-ply rule), and reports the agreement by class and tag.

  differential.py --chariot target/release/chariot cycles.txt [--pgn m.pgn]
                  [--data tests/data/asian-cycles.txt --sample 400]
"""
import argparse
import collections
import random
import re
import subprocess
import sys

import pyffish as sf

REF = 'diffref'
sf.load_variant_config('[%s:xiangqi]\nnMoveRule = 0\n' % REF)
SQ = re.compile(r'^([a-i])(\d{1,2})([a-i])(\d{1,2})$')


def to_ref(m):
    f1, r1, f2, r2 = SQ.match(m).groups()
    return '%s%d%s%d' % (f1, int(r1) + 1, f2, int(r2) + 1)


def from_ref(m):
    f1, r1, f2, r2 = SQ.match(m).groups()
    return '%s%d%s%d' % (f1, int(r1) - 1, f2, int(r2) - 1)


def pyffish_result(fen, moves):
    """'1-0', '0-1', '1/2-1/2', or None when pyffish sees no game end."""
    ref = [to_ref(m) for m in moves]
    end, v = sf.is_optional_game_end(REF, fen, ref)
    if not end:
        return None
    if v == 0:
        return '1/2-1/2'
    red_to_move = (fen.split()[1] == 'w') == (len(moves) % 2 == 0)
    stm_wins = v > 0
    return '1-0' if red_to_move == stm_wins else '0-1'


def read_cycles(path):
    for line in open(path):
        line = line.rstrip('\n')
        if not line:
            continue
        game, _, tags = line.partition('\t')
        fen, _, moves = game.partition(' moves ')
        yield fen.strip(), moves.split(), tags.split()


def pgn_cycles(path):
    """Prefixes of each PGN game up to a third occurrence of a position."""
    text = open(path).read()
    for game in re.split(r'\n(?=\[Event )', text):
        fen = re.search(r'\[FEN "([^"]+)"\]', game)
        fen = fen.group(1) if fen else sf.start_fen('xiangqi')
        body = re.sub(r'\[[^\]]*\]', '', game)
        body = re.sub(r'\{[^}]*\}', '', body)
        moves = re.findall(r'\b([A-I]\d)-?([A-I]\d)\b', body)
        ref = []
        keys = [' '.join(sf.get_fen(REF, fen, []).split()[:2])]
        for a, b in moves:
            m = to_ref((a + b).lower())
            if m not in sf.legal_moves(REF, fen, ref):
                break
            ref.append(m)
            keys.append(' '.join(sf.get_fen(REF, fen, ref).split()[:2]))
            if keys.count(keys[-1]) >= 3:
                yield fen, [from_ref(x) for x in ref], ['pgn']
                break


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--chariot', required=True)
    ap.add_argument('cycles', nargs='*')
    ap.add_argument('--pgn', nargs='*', default=[])
    ap.add_argument('--data', help='write a sample with pyffish rulings here')
    ap.add_argument('--sample', type=int, default=400)
    ap.add_argument('--examples', type=int, default=3)
    args = ap.parse_args()

    items = []
    for p in args.cycles:
        items += list(read_cycles(p))
    for p in args.pgn:
        items += list(pgn_cycles(p))
    lines = '\n'.join('%s moves %s' % (f, ' '.join(m)) for f, m, _ in items) + '\n'
    out = subprocess.run([args.chariot, 'judge', '--rule', 'asian', '--batch',
                          '--natural-limit', '100000'],
                         input=lines, capture_output=True, text=True, check=True).stdout
    verdicts = out.splitlines()
    assert len(verdicts) == len(items), (len(verdicts), len(items))

    total = agree = 0
    loss_total = loss_agree = 0
    classes = collections.Counter()
    examples = collections.defaultdict(list)
    tag_counts = collections.Counter()
    tag_agree = collections.Counter()
    rows = []
    for (fen, moves, tags), verdict in zip(items, verdicts):
        ours = verdict.split(' ', 1)[0]
        theirs = pyffish_result(fen, moves)
        if theirs is None:
            classes['pyffish: no game end'] += 1
            continue
        total += 1
        same = ours == theirs
        agree += same
        decisive = ours != '1/2-1/2' or theirs != '1/2-1/2'
        if decisive:
            loss_total += 1
            loss_agree += same
            for t in tags[1:]:
                tag_counts[t] += 1
                tag_agree[t] += same
        if same and len(moves) <= 80:
            rows.append((fen, moves, theirs, tags))
        if not same:
            kind = ('chariot %s, pyffish %s' % (
                'draw' if ours == '1/2-1/2' else 'win' if ours in ('1-0', '0-1') else ours,
                'draw' if theirs == '1/2-1/2' else 'win'))
            if ours != '1/2-1/2' and theirs != '1/2-1/2':
                kind = 'opposite winners'
            classes[kind] += 1
            if len(examples[kind]) < args.examples:
                examples[kind].append('%s moves %s  (chariot: %s; pyffish %s) %s' % (
                    fen, ' '.join(moves), verdict, theirs, ' '.join(tags)))
    pct = lambda a, b: 100.0 * a / b if b else 0.0
    print('cycles: %d, agreement %d (%.2f %%)' % (total, agree, pct(agree, total)))
    print('ruled a loss by either: %d, agreement %d (%.2f %%)' % (
        loss_total, loss_agree, pct(loss_agree, loss_total)))
    for t in sorted(tag_counts):
        print('  decisive with %-10s %6d, agreement %.2f %%' % (
            t, tag_counts[t], pct(tag_agree[t], tag_counts[t])))
    for k, v in classes.most_common():
        print('%s: %d' % (k, v))
        for e in examples[k]:
            print('   ', e)
    if args.data:
        rnd = random.Random(1)
        decisive = [r for r in rows if r[2] != '1/2-1/2']
        draws = [r for r in rows if r[2] == '1/2-1/2']
        pick = rnd.sample(decisive, min(len(decisive), args.sample * 2 // 3))
        pick += rnd.sample(draws, min(len(draws), args.sample - len(pick)))
        with open(args.data, 'w') as f:
            f.write('# Repetition cycles ruled by pyffish 0.0.90 (Asian rules), sampled from\n')
            f.write('# tuning/scripts/differential.py runs (cycles Chariot agreed on, <= 80 plies).\n')
            f.write('# FEN moves M... ; result ; tags\n')
            for fen, moves, res, tags in pick:
                f.write('%s moves %s ; %s ; %s\n' % (fen, ' '.join(moves), res, ' '.join(tags)))
        print('wrote %d cycles to %s' % (len(pick), args.data))


if __name__ == '__main__':
    sys.exit(main())
