#!/usr/bin/env python3
"""Regenerates the fuzz_arch seeds (corpus/fuzz_arch/), its dictionary
(dict/fuzz_arch.dict) and the arch-file reproducers (crashes/fuzz_arch/)
from the current arch/sm_90.json and
arch/sm_70.json, so they follow the architecture format when it gains a
field. Run from anywhere: python3 tests/fuzz/gen_arch_inputs.py
"""
import copy
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.normpath(os.path.join(here, "..", ".."))
corpus = os.path.join(here, "corpus", "fuzz_arch")
crashes = os.path.join(here, "crashes", "fuzz_arch")


def load(name):
    with open(os.path.join(root, "arch", name + ".json")) as f:
        return json.load(f)


def write(folder, name, obj=None, text=None):
    os.makedirs(folder, exist_ok=True)
    if text is None:
        text = json.dumps(obj, separators=(",", ":"))
    with open(os.path.join(folder, name), "w") as f:
        f.write(text)


def compact(a):
    a = copy.deepcopy(a)
    a.pop("sources", None)
    a.pop("description", None)
    return a


sm90 = load("sm_90")
base = compact(sm90)

# ---- seeds: valid files, edge values, and near-misses --------------------
for name in ("sm_90", "sm_70"):
    with open(os.path.join(root, "arch", name + ".json")) as f:
        write(corpus, name + ".json", text=f.read())
write(corpus, "sm_90_compact.json", base)

x = copy.deepcopy(base)  # every limit at an extreme that cfg_parse accepts
x["device"].update(maxThreadsPerMultiProcessor=4096, maxBlocksPerMultiProcessor=128)
x["allocation"]["subPartitions"] = 8
x["pipes"]["fma"]["lanes"] = 1
x["memory"].update(max_inflight_sectors=1, dram_bytes_per_cycle=0.01)
x["timing"].update(branch_cycles=1000, cta_launch_cycles=5)
write(corpus, "extreme.json", x)

t = copy.deepcopy(base)  # no shared memory, one warp, one register unit
t["device"].update(sharedMemPerMultiprocessor=0, sharedMemPerBlock=0, sharedMemPerBlockOptin=0,
                   reservedSharedMemPerBlock=0, regsPerMultiprocessor=1024, regsPerBlock=1024,
                   maxThreadsPerBlock=32, maxThreadsPerMultiProcessor=32)
t["allocation"].update(sharedMemCarveoutKB=[0], l1SharedCapacityKB=0, regAllocationUnitSize=4096)
write(corpus, "tiny.json", t)

q = copy.deepcopy(base)  # the shared DRAM queue on, with a measured curve and gamma waits
q["memory"].update(dram_shared_queue=1, dram_queue_scale_cycles=416, dram_backlog_cycles=3700,
                   stream_group_bytes_per_cycle=8.26,
                   dram_queue_curve=[0, 0, 0, 0, 0, 0, 0.1, 5.7, 11.9, 19.3, 28.3, 37.4, 50, 61.7, 81.6,
                                     101.7, 146.4, 191, 235.5, 280])
write(corpus, "shared_queue.json", q)

b = copy.deepcopy(base)  # wrong types and an unknown pipe
b["device"]["warpSize"] = "32"
b["pipes"]["bogus"] = {"lanes": 1}
write(corpus, "bad_types.json", b)

write(corpus, "numbers.json", text='{"version":1,"name":"x","gpu":"y","device":{"major":1e400},'
      '"allocation":{"sharedMemCarveoutKB":[1.5,-0,2e10]}}')

# ---- overrides (--arch-set): the file, a NUL, then "key=value,..."; an empty
# file part stands for arch/sm_90.json ---------------------------------------
write(corpus, "set_one", text="\0dram_latency=900")
write(corpus, "set_many", text="\0memory.dram_latency=900,pipes.fma.latency=8,fma.lanes=16,"
      "subPartitions=2,sharedMemCarveoutKB=0:100:228,dram_bytes_per_cycle=8.5")
write(corpus, "set_bad", text="\0dram_lat=5,fma.lanes=3,l2_latency=abc,=1,x")
write(corpus, "set_cross", text="\0maxThreadsPerMultiProcessor=2000,sharedMemCarveoutKB=0:100")
write(corpus, "set_queue", text="\0dram_shared_queue=1,dram_queue_scale_cycles=416,dram_backlog_cycles=3700,"
      "dram_queue_curve=0:10:20:400")
write(corpus, "set_writeback", text="\0l2_dirty_bytes=4096,writeback_delay_curve=0:12.8:28.9:5000,"
      "dram_window_cycles=1")
write(corpus, "set_store_lines", text="\0store_line_cycles=2.871,store_bytes_per_cycle=34.56,store_buffer_bytes=0,"
      "store_line_cycles=1e6")
write(corpus, "set_store_warp", text="\0store_warp_cycles=6,store_buffer_bytes=0,store_bytes_per_cycle=32,"
      "store_warp_cycles=1000")
write(corpus, "set_compact", text=json.dumps(base, separators=(",", ":")) + "\0regsPerMultiprocessor=32768,l2CacheSize=1e12")

# ---- reproducers of bugs found (see README.md, Findings) ------------------
write(crashes, "float-cast-device-number.json",
      text='{"version":1,"name":"x","gpu":"y","device":{"major":1e400}}')
p = copy.deepcopy(base)
p["pipes"]["fma"]["lanes"] = 1e10
write(crashes, "float-cast-pipe-lanes.json", p)
c = copy.deepcopy(base)
c["allocation"]["sharedMemCarveoutKB"] = [1e10]
write(crashes, "float-cast-carveout.json", c)
o = copy.deepcopy(base)  # opt-in + reservation above the largest carveout step
o["device"]["sharedMemPerBlockOptin"] = o["device"]["sharedMemPerMultiprocessor"]
write(crashes, "occ-assert-optin-above-carveout.json", o)
n = copy.deepcopy(t)  # a 0 KB carveout and a 1 KB per-block reservation
n["device"]["reservedSharedMemPerBlock"] = 1024
write(crashes, "occ-assert-no-carveout-step.json", n)

# ---- dictionary: every key of sm_90.json, and JSON tokens -----------------
keys = []


def walk(o):
    if isinstance(o, dict):
        for k, v in o.items():
            if k not in keys:
                keys.append(k)
            walk(v)


walk(sm90)
tokens = ["{", "}", "[", "]", ",", ":", "true", "false", "null", "1e308", "1e400", "-1", "0.5",
          "2147483648", "1e19", "-0", '""']


def dict_escape(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


os.makedirs(os.path.join(here, "dict"), exist_ok=True)
with open(os.path.join(here, "dict", "fuzz_arch.dict"), "w") as f:
    for k in keys:
        f.write(dict_escape('"%s":' % k) + "\n")
    for t in tokens:
        f.write(dict_escape(t) + "\n")
    # override keys, short and qualified, and their separators
    for sect in ("device", "allocation", "memory", "timing"):
        for k in sm90[sect]:
            f.write(dict_escape(k + "=") + "\n")
            f.write(dict_escape(sect + "." + k + "=") + "\n")
    for pipe in sm90["pipes"]:
        f.write(dict_escape("pipes.%s.lanes=" % pipe) + "\n")
        f.write(dict_escape("%s.latency=" % pipe) + "\n")
    f.write('"\\x00"\n')  # the file/overrides separator
    for t in ("=", "inf", "nan", "0x10", "1e-400"):
        f.write(dict_escape(t) + "\n")
