#!/usr/bin/env python3
"""Regenerates golden.jsonl by asking mlir-opt-22 how it parses and prints
affine maps and integer sets. The Go tests only read golden.jsonl; this
script is kept so the expectations can be refreshed or extended.

usage: regen_golden.py [--mlir-opt PATH] [--corpus DIR] > golden.jsonl

Cases: every affine_map<...>/affine_set<...> body found in the .mlir files
under --corpus (e.g. ../shared/conformance), generated random expressions,
and random mutations of both. Each case is run as
    "test.op"() {a = affine_<kind><body>} : () -> ()
through `mlir-opt --allow-unregistered-dialect --split-input-file
--mlir-print-local-scope`; the printed body (out) or the diagnostics
(err: [byte offset into body, message]) are recorded, and the printed body
is run once more (out2/err2) to capture MLIR's second round.
"""
import argparse, bisect, json, os, random, re, subprocess, sys, tempfile

MLIR = '/usr/lib/llvm-22/bin/mlir-opt'


def extract(root):
    seen, out = set(), []
    for dp, _, fn in os.walk(root):
        for f in sorted(fn):
            if not f.endswith('.mlir'):
                continue
            s = open(os.path.join(dp, f), encoding='utf-8', errors='replace').read()
            for m in re.finditer(r'affine_(map|set)<', s):
                i = j = m.end()
                depth = 1
                while j < len(s):
                    c = s[j]
                    if c == '<' and s[j + 1:j + 2] != '=':
                        depth += 1
                    elif c == '>' and s[j - 1] != '-' and s[j + 1:j + 2] != '=':
                        depth -= 1
                        if depth == 0:
                            break
                    j += 1
                body = s[i:j]
                if depth or '{{' in body or '[[' in body or '// -----' in body:
                    continue
                if '\n' in body and '//' in body:
                    continue
                if (m.group(1), body) not in seen:
                    seen.add((m.group(1), body))
                    out.append([m.group(1), body])
    return out


def run_batch(cases):
    text, starts, lines = '', [], []
    for i, (kind, body) in enumerate(cases):
        if i:
            text += '// -----\n'
        pre = '"test.op"() {a = affine_%s<' % kind
        lines.append(text.count('\n') + 1)
        starts.append(len(text) + len(pre))
        text += pre + body + '>} : () -> ()\n'
    with tempfile.NamedTemporaryFile('w', suffix='.mlir', delete=False) as f:
        f.write(text)
        path = f.name
    try:
        p = subprocess.run([MLIR, '--allow-unregistered-dialect', '--split-input-file',
                            '--mlir-print-local-scope', path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if p.returncode not in (0, 1):
        return None  # mlir-opt crashed on one of the cases
    outs = p.stdout.split('// -----\n')
    linestarts = [0] + [k + 1 for k, c in enumerate(text) if c == '\n']
    errs = [[] for _ in cases]
    for m in re.finditer(r'^%s:(\d+):(\d+): error: (.*)$' % re.escape(path), p.stderr, re.M):
        ln, col = int(m.group(1)), int(m.group(2))
        ci = bisect.bisect_right(lines, ln) - 1
        errs[ci].append([linestarts[ln - 1] + col - 1 - starts[ci], m.group(3)])
    res = []
    for i, (kind, body) in enumerate(cases):
        m = re.search(r'affine_(?:map|set)<(.*)>\} : \(\) -> \(\)', outs[i])
        res.append([kind, body, m.group(1) if m else None, errs[i]])
    return res


def run(cases):
    res = []
    for b0 in range(0, len(cases), 1000):
        res += run_safe(cases[b0:b0 + 1000])
    return res


def run_safe(cases):
    r = run_batch(cases)
    if r is not None:
        return r
    if len(cases) == 1:
        return []  # drop inputs that crash mlir-opt
    h = len(cases) // 2
    return run_safe(cases[:h]) + run_safe(cases[h:])


CONSTS = [0, 1, 2, 3, 4, 5, 6, 8, 16, 64, 128, -1, -2, -4, 9223372036854775807,
          4611686018427387904, 3037000499, 4294967296, 1000000007]
NAMES = ['i', 'j', 'k', 'floordiv', 'mod', 'ceildiv', 'i32', 'ui8', 'x.y', '_', 'a$b',
         'symbol', 'N', 'd1', 's0', 'true', 'index']


def generate(R, n):
    def cst():
        c = R.choice(CONSTS)
        if c < 0:
            return '(%d)' % c if R.random() < 0.5 else '-%d' % -c
        if c == 9223372036854775807 and R.random() < 0.3:
            return '(-9223372036854775807 - 1)'
        return str(c)

    def leaf(dn, sn, symonly):
        r = R.random()
        if r < 0.3 or (symonly and not sn):
            return cst()
        if (symonly or r < 0.6) and sn:
            return R.choice(sn)
        return R.choice(dn) if dn else cst()

    def expr(dn, sn, d, symonly=False):
        if d <= 0 or R.random() < 0.2:
            return leaf(dn, sn, symonly)
        r = R.random()
        if r < 0.1:
            return '-(' + expr(dn, sn, d - 1, symonly) + ')'
        if r < 0.2:
            x, y = expr(dn, sn, d - 1, symonly), expr(dn, sn, d - 1, symonly)
            c = R.choice(['2', '4', '8'] + sn)
            return R.choice(['(%s) - ((%s) floordiv %s) * %s' % (x, x, c, c),
                             '(%s + %s) + ((%s) floordiv %s) * -%s' % (x, y, y, c, c),
                             '(%s) * %s + (%s) * %s' % (x, cst(), x, cst()),
                             '(%s - %s) - ((%s) floordiv %s)' % (x, leaf(dn, sn, True), x, c)])
        op = R.choice(['+', '-', '*', 'floordiv', 'ceildiv', 'mod', '+', '-', '*'])
        lhs = expr(dn, sn, d - 1, symonly)
        if op in '+-':
            rhs = expr(dn, sn, d - 1, symonly)
        else:
            rhs = '(' + expr(dn, sn, d - 1, True if R.random() < 0.95 else symonly) + ')'
            if R.random() < 0.6:
                lhs = '(' + lhs + ')'
        return lhs + R.choice([' ', ' ', '']) + op + R.choice([' ', ' ', '']) + rhs if op in '+-*' \
            else lhs + ' ' + op + ' ' + rhs

    out = []
    for _ in range(n):
        nd, ns = R.randrange(4), R.randrange(4)
        if R.random() < 0.2:
            names = R.sample(NAMES, nd + ns)
            dn, sn = names[:nd], names[nd:]
        else:
            dn, sn = ['d%d' % k for k in range(nd)], ['s%d' % k for k in range(ns)]
        hdr = '(' + ', '.join(dn) + ')' + (('[' + ', '.join(sn) + ']') if sn else '')
        depth = R.randrange(1, 6)
        if R.random() < 0.8:
            res = ', '.join(expr(dn, sn, depth) for _ in range(R.randrange(0, 4)))
            out.append(['map', hdr + ' -> (' + res + ')'])
        else:
            cons = [expr(dn, sn, depth) + ' ' + R.choice(['>=', '<=', '==']) + ' ' +
                    expr(dn, sn, depth - 1) for _ in range(R.randrange(0, 4))]
            out.append(['set', hdr + ' : (' + ', '.join(cons) + ')'])
    return out


TOKS = ['(', ')', '[', ']', ',', ':', '->', '-', '+', '*', ' floordiv ', ' mod ', ' ceildiv ',
        'symbol', 'symbol(', '%x', '%', '#a', '@b', '1.5', '0x1F', '0x', '99999999999999999999',
        '9223372036854775808', '>=', '==', '<=', '>', '=', '<', '\n', ' ', '$', '~', 'i32', 'x',
        'd0', 's0', '...', '.', '{', '}', '?', '|', '^', '!', '_a', '/', '\t', 'é']


def mutate(R, src, n):
    out = []
    while len(out) < n:
        k, b = R.choice(src)
        for _ in range(R.randrange(1, 4)):
            p = R.randrange(len(b) + 1)
            r = R.random()
            if r < 0.35 and b:
                b = b[:p] + b[min(len(b), p + R.randrange(1, 4)):]
            elif r < 0.8:
                b = b[:p] + R.choice(TOKS) + b[p:]
            else:
                a, c = sorted((p, R.randrange(len(b) + 1)))
                b = b[:a] + b[c:] + b[a:c]
        # Skip what cannot be judged from the body alone (see doc.go).
        rest = b.replace('->', '').replace('>=', '')
        if '"' in b or '//' in b or '>' in rest or b.rstrip().endswith('-'):
            continue
        if R.random() < 0.1:
            k = 'set' if k == 'map' else 'map'
        out.append([k, b])
    return out


def main():
    global MLIR
    ap = argparse.ArgumentParser()
    ap.add_argument('--mlir-opt', default=MLIR)
    ap.add_argument('--corpus', default='../../../../shared/conformance')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--random', type=int, default=1600)
    ap.add_argument('--mutations', type=int, default=750)
    a = ap.parse_args()
    MLIR = a.mlir_opt
    R = random.Random(a.seed)
    sel = [('corpus', c) for c in extract(a.corpus)]
    sel += [('random', c) for c in generate(R, a.random)]
    sel += [('mutation', c) for c in mutate(R, [c for _, c in sel], a.mutations)]
    first = run([c for _, c in sel])
    byin = {(k, b): (o, e) for k, b, o, e in first}
    second = run([[k, o] for k, b, o, e in first if o is not None])
    again = {(k, b): (o, e) for k, b, o, e in second}
    for src, (k, b) in sel:
        if (k, b) not in byin:
            continue  # crashed mlir-opt
        o, e = byin[(k, b)]
        rec = {'src': src, 'kind': k, 'in': b}
        if o is None:
            rec['err'] = e
        else:
            rec['out'] = o
            o2, e2 = again.get((k, o), (None, [[-1, 'crash']]))
            if o2 is not None:
                rec['out2'] = o2
            else:
                rec['err2'] = e2
        sys.stdout.write(json.dumps(rec, ensure_ascii=False) + '\n')


if __name__ == '__main__':
    main()
