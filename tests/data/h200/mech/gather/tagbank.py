#!/usr/bin/env python3
"""tagbank.py RUNS: read mech_gather4's runs (l1_gather<4, 4> at 32 warps, lanes at word l of three
of lines 0-3 and a fourth line x) and list, for each left-out line, the x whose load takes one
wavefront (under 1.8 SM cycles a load: 1.53 measured for one, 2.02 for two). If the tag stage takes
one line of each of 4 tag banks a cycle, the four lists partition x = 4..130 (each x in the bank of
exactly one left-out line). Prints the lists, the x in two or more and the x in none."""
import csv, sys
rows=[r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#'))]
cost={}
for r in rows:
    p=dict(kv.split('=') for kv in r['param'].split(';'))
    steps=int(p['steps_per_thread']); cyc=float(r['cycles'])/(steps*32)
    o,x=r['variant'][1:].split('_x'); cost[(int(o),int(x))]=cyc
one={o:[] for o in range(4)}
for (o,x),c in sorted(cost.items()):
    if c<1.8: one[o].append(x)
for o in range(4): print("left out",o,":",len(one[o]),one[o])
allx=set(x for (o,x) in cost)
multi=[x for x in allx if sum(x in one[o] for o in range(4))>1]; none=[x for x in allx if x>3 and sum(x in one[o] for o in range(4))==0]
print("in two+:",sorted(multi)); print("in none:",sorted(none))
vals=sorted(set(round(c,2) for c in cost.values())); print("distinct costs:",vals[:10])
