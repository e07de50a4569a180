#!/usr/bin/env python3
"""Lone-warp register-bank waits under simple FIFO rules (round 38, a tried-and-not-kept analysis).

The H100's mech_fpair lone-warp loops (tests/data/h100/mech/fpair/runs.csv: imm, same, three, alt, alt3 take
0, +7, +14, +2, +3 cycles a trip over imm) and the H200's tloop tl_f4 (its loop of 4 FFMAs, 29 cycles a trip
against smsim's 30: 0 over no conflict) set beside models of two register banks of one read a cycle: a
collection window w by the instruction's most reads of one bank, per pipe (the counter's IADD3 and the ISETP
on the ALU), and 1-3 operand collectors freed at or after dispatch. Each instruction is (stall count,
{bank: reads}) as the listings give them (tests/data/h200/mech/fpair/sass_local.txt, tests/data/h200/tloop/
sass_imp.txt). Printed: each model's extra cycles a trip per loop and its total miss. None gives all six
(README, What still misses, round 38). Run: python3 tests/data/h100/mech/fpair/bank_rules.py
"""
# each instr: (stall, {bank: reads})
def r(b0=0, b1=0): return {0: b0, 1: b1}
loops = {
 # fpair: IADD3 (b0), F1 F2 F3, ISETP (b0), F4..F8 (S08), BRA; stall 1 each
 'imm':  ([(1, r(1))] + [(1, r(1, 1))]*3 + [(1, r(1))] + [(1, r(1, 1))]*4 + [(8, r(1, 1))], 0),
 'same': ([(1, r(1))] + [(1, r(2, 1))]*3 + [(1, r(1))] + [(1, r(2, 1))]*4 + [(8, r(2, 1))], 7),
 'three':([(1, r(1))] + [(1, r(3))]*3 + [(1, r(1))] + [(1, r(3))]*4 + [(8, r(3))], 14),
 'alt':  ([(1, r(1)), (1, r(2, 1)), (1, r(1, 2)), (1, r(2, 1)), (1, r(1)), (1, r(1, 2)), (1, r(2, 1)), (1, r(1, 2)), (1, r(2, 1)), (8, r(1, 2))], 2),
 'alt3': ([(1, r(1)), (1, r(3)), (1, r(0, 3)), (1, r(3)), (1, r(1)), (1, r(0, 3)), (1, r(3)), (1, r(0, 3)), (1, r(3)), (8, r(0, 3))], 3),
 # tl_f4: UIADD3 (none), R10 (b0 2, b1 1), R12 (b0), R11 (b1), R14 (b0, S02), ISETP (none, S13)
 'tl_f4': ([(1, r()), (1, r(2, 1)), (1, r(1)), (1, r(0, 1)), (2, r(1)), (13, r())], 0),
}
# the 'imm' base: compute extra as model(loop) - model(no bank limits)
def run(loop, rule):
    t = 0; bf = {0: 0, 1: 0}; prev = None; ts = []
    for s, rd in loop:
        if prev is not None: t = ts[-1] + prev
        t = rule(t, bf, rd)
        for b, c in rd.items():
            if c: bf[b] = max(bf[b], t) + c
        ts.append(t); prev = s
    return ts[-1]
def nolimit(t, bf, rd): return t
def window(w0):
    def rule(t, bf, rd):
        m = max(rd.values()); w = max(w0, m)
        for b, c in rd.items():
            if c: t = max(t, bf[b] + c - w)
        return t
    return rule
def startby(k):  # each bank's first read of the instruction within k cycles of issue
    def rule(t, bf, rd):
        for b, c in rd.items():
            if c: t = max(t, bf[b] - k)
        return t
    return rule
rules = {'window2': window(2), 'window3': window(3), 'window1': window(1), 'start0': startby(0), 'start1': startby(1), 'start2': startby(2)}
print('%-8s %5s' % ('loop', 'meas') + ''.join('%9s' % k for k in rules))
for name, (loop, meas) in loops.items():
    base = run(loop, nolimit)
    print('%-8s %5d' % (name, meas) + ''.join('%9d' % (run(loop, ru) - base) for ru in rules.values()))

def collectors(k, free_off=0, inorder=True, all_need=True):
    def runc(loop):
        t = 0; bf = {0: 0, 1: 0}; cf = [0] * k; prevd = -1; ts = []; prev = None
        for s, rd in loop:
            if prev is not None: t = ts[-1] + prev
            need = sum(rd.values()) > 0 and (all_need or any(c and (bf[b] > t or c > 1) for b, c in rd.items()))
            if need:
                j = min(range(k), key=lambda i: cf[i]); t = max(t, cf[j])
            last = t - 1
            for b, c in rd.items():
                if c:
                    st = max(bf[b], t); bf[b] = st + c; last = max(last, st + c - 1)
            d = last + 1
            if inorder: d = max(d, prevd + 1)
            if need: cf[j] = d + free_off
            prevd = d; ts.append(t); prev = s
        return ts[-1]
    return runc
models = {}
for k in (1, 2, 3):
    for fo in (0, 1):
        for io in (True, False):
            for an in (True, False):
                models['k%d f%d %s %s' % (k, fo, 'io' if io else 'oo', 'all' if an else 'cf')] = collectors(k, fo, io, an)
res = {}
for mname, m in models.items():
    row = []
    for name, (loop, meas) in loops.items():
        base = run(loop, nolimit); row.append(m(loop) - base)
    res[mname] = row
print('meas', [v[1] for v in loops.values()])
for mname, row in res.items():
    err = sum(abs(a - v[1]) for a, v in zip(row, loops.values()))
    print('%-16s %s  err %d' % (mname, row, err))

print('--- window by pipe: ALU instructions (fpair IADD3, ISETP) window wa, FMA wf')
alu_idx = {'imm': {0, 4}, 'same': {0, 4}, 'three': {0, 4}, 'alt': {0, 4}, 'alt3': {0, 4}, 'tl_f4': set()}
def runp(name, loop, wf, wa):
    t = 0; bf = {0: 0, 1: 0}; ts = []; prev = None
    for i, (s, rd) in enumerate(loop):
        if prev is not None: t = ts[-1] + prev
        m = max(rd.values()); w = max(wa if i in alu_idx[name] else wf, m)
        for b, c in rd.items():
            if c: t = max(t, bf[b] + c - w)
        for b, c in rd.items():
            if c: bf[b] = max(bf[b], t) + c
        ts.append(t); prev = s
    return ts[-1]
for wf in (2, 3, 4):
    for wa in (1, 2, 3):
        row = [runp(n, l, wf, wa) - run(l, nolimit) for n, (l, m) in loops.items()]
        print('wf %d wa %d' % (wf, wa), row, 'err', sum(abs(a - v[1]) for a, v in zip(row, loops.values())))

print('--- window w = f(c): c = the instruction\'s most reads of a bank; or per-bank c_b')
import itertools
def runf(loop, wfun, perbank):
    t = 0; bf = {0: 0, 1: 0}; ts = []; prev = None
    for s, rd in loop:
        if prev is not None: t = ts[-1] + prev
        m = max(rd.values())
        for b, c in rd.items():
            if c: t = max(t, bf[b] + c - wfun(c if perbank else m))
        for b, c in rd.items():
            if c: bf[b] = max(bf[b], t) + c
        ts.append(t); prev = s
    return ts[-1]
meas = [v[1] for v in loops.values()]
for w1, w2, w3 in itertools.product((1, 2, 3), (2, 3, 4), (3, 4, 5)):
    for pb in (0, 1):
        wf = lambda c, w=(0, w1, w2, w3): w[c]
        row = [runf(l, wf, pb) - run(l, nolimit) for n, (l, m) in loops.items()]
        err = sum(abs(a - b) for a, b in zip(row, meas))
        if err <= 1: print('w(1,2,3)=', (w1, w2, w3), 'perbank' if pb else 'max', row, err)
