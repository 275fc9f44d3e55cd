#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Where the guests' instructions went in a bench run with INSNPROF=on.

The qemu plugin (insnprof.c) wrote, for each transfer of the run, the
blocks each guest ran and how often (guest a is the server, b the client),
and the guest wrote its kernel's symbols beside them. This tool puts every
block in the function it starts in and prints, per column, profile, op and
size (the repetitions summed), instructions per packet needed
(bench.csv's needed_pkts): both guests' total, by module, and the
functions that take the most. With --diff A B it prints, per profile, op
and size that both columns ran, the functions whose instructions per
packet differ most between A and B (B minus A, both guests), and the
totals: where B pays more than A.

Usage: report.py RUN_DIR [--top N] [--diff COLUMN_A COLUMN_B] [--module M] [--each]
  RUN_DIR  a bench run's folder (results/NAME-TIMESTAMP, with bench.csv)
  --top N  functions per table (default 25)
  --module only the functions of module M (vmlinux for the kernel's own)
  --each   each repetition apart, with its goodput and kernel CPU per
           packet: whether a slow transfer ran more instructions
Columns are bench.csv's: rdma_rxe, eun-eunomia, eun-static, eun-gbn.
"""

import argparse
import bisect
import csv
import glob
import os
import sys
from collections import defaultdict

GUESTS = {"a": "server", "b": "client"}


def die(msg):
    print(f"insnprof report: {msg}", file=sys.stderr)
    sys.exit(1)


def read_syms(path):
    """Text symbols sorted by address: (addresses, names)."""
    syms = []
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) < 3 or p[1] not in "tTwW":
                continue
            addr = int(p[0], 16)
            if not addr:
                continue
            mod = p[3].strip("[]") if len(p) > 3 else "vmlinux"
            syms.append((addr, f"{p[2]} [{mod}]", mod))
    syms.sort()
    return [s[0] for s in syms], [(s[1], s[2]) for s in syms]


def read_blocks(path, syms):
    """Instructions per function and per module of one dump."""
    addrs, names = syms
    funcs = defaultdict(int)
    mods = defaultdict(int)
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) == 5 and p[:2] == ["#", "translated"] and p[3] == "flushed":
                # The emulator's own work: blocks translated, cache flushes.
                mods["(translated)"] += int(p[2])
                mods["(flushed)"] += int(p[4])
                continue
            if len(p) != 3:
                continue
            vaddr, insns, runs = int(p[0], 16), int(p[1]), int(p[2])
            n = insns * runs
            i = bisect.bisect_right(addrs, vaddr) - 1
            if vaddr < 1 << 63:
                name, mod = "(user space)", "user"
            elif i < 0:
                name, mod = "(unknown)", "?"
            else:
                name, mod = names[i]
            funcs[name] += n
            mods[mod] += n
    return funcs, mods


def bench_rows(run):
    rows = {}
    path = os.path.join(run, "bench.csv")
    if not os.path.exists(path):
        die(f"{path} missing: give a bench run's folder")
    with open(path) as f:
        for r in csv.DictReader(f):
            tag = "-".join([r["column"], r["profile"], r["op"], r["size"], r["rep"]])
            rows[tag] = r
    return rows


def collect(run, rows, each=False):
    """{(column, profile, op, size[, rep]): {"pkts", "funcs", "mods"}}"""
    groups = {}
    for d in sorted(glob.glob(os.path.join(run, "**", "insnprof"), recursive=True)):
        guest = os.path.basename(os.path.dirname(d))
        for syms_path in sorted(glob.glob(os.path.join(d, "*.syms"))):
            tag = os.path.basename(syms_path)[:-len(".syms")]
            dump = os.path.join(d, tag)
            r = rows.get(tag)
            if r is None or not os.path.exists(dump):
                continue
            try:
                pkts = int(r["needed_pkts"])
            except ValueError:
                continue
            if r["status"] != "ok" or pkts <= 0:
                continue
            key = (r["column"], r["profile"], r["op"], r["size"])
            if each:
                key += (f"#{r['rep']}", f"{r['goodput_MBps']} MB/s",
                        f"{r.get('kcpu_us_per_pkt', '?')} kernel us/pkt")
            g = groups.setdefault(key, {"pkts": defaultdict(int),
                                        "funcs": defaultdict(int),
                                        "mods": defaultdict(int), "reps": set()})
            funcs, mods = read_blocks(dump, read_syms(syms_path))
            g["pkts"][guest] += pkts
            g["reps"].add(r["rep"])
            role = GUESTS.get(guest, guest)
            for k, v in funcs.items():
                g["funcs"][(role, k)] += v
            for k, v in mods.items():
                g["mods"][(role, k)] += v
    return groups


def per_pkt(g, table):
    """table entries per packet: each guest's count over its packets."""
    out = defaultdict(float)
    inv = {v: k for k, v in GUESTS.items()}
    for (role, k), v in g[table].items():
        pkts = g["pkts"].get(inv.get(role, role), 0)
        if pkts:
            out[(role, k)] += v / pkts
    return out


def show_group(key, g, top, module):
    funcs = per_pkt(g, "funcs")
    emu = {k: v for k, v in g["mods"].items() if k[1].startswith("(")}
    mods = {k: v for k, v in per_pkt(g, "mods").items() if not k[1].startswith("(")}
    total = defaultdict(float)
    for (role, _), v in mods.items():
        total[role] += v
    print(f"== {' '.join(key)} ({len(g['reps'])} repetition(s)): instructions per packet needed")
    print("   " + ", ".join(f"{r} {total[r]:.0f}" for r in sorted(total)) +
          f", both {sum(total.values()):.0f}; their kernels {kernel(funcs):.0f}")
    for role in sorted(total):
        ms = sorted(((v, m) for (r, m), v in mods.items() if r == role), reverse=True)
        print(f"   {role} by module: " + ", ".join(f"{m} {v:.0f}" for v, m in ms[:8]))
    if emu:
        print("   the emulator: " + ", ".join(
            f"{r} {emu.get((r, '(translated)'), 0)} blocks translated, "
            f"{emu.get((r, '(flushed)'), 0)} cache flushes" for r in sorted(total)))
    sel = [(v, r, f) for (r, f), v in funcs.items()
           if not module or f.endswith(f"[{module}]")]
    sel.sort(reverse=True)
    for v, r, f in sel[:top]:
        print(f"   {v:10.1f}  {r:6s}  {f}")
    print()


def same_rxe(funcs):
    """rdma_rxe's and rdma_rxe_eun's functions under one name, [rxe]."""
    out = defaultdict(float)
    for (role, f), v in funcs.items():
        for m in (" [rdma_rxe_eun]", " [rdma_rxe]"):
            if f.endswith(m):
                f = f[:-len(m)] + " [rxe]"
                break
        out[(role, f)] += v
    return out


def kernel(funcs):
    return sum(v for (_, f), v in funcs.items() if f != "(user space)")


def show_diff(groups, a, b, top, module):
    keys = sorted({k[1:] for k in groups if k[0] in (a, b)})
    for rest in keys:
        ga, gb = groups.get((a,) + rest), groups.get((b,) + rest)
        if not ga or not gb:
            continue
        fa, fb = same_rxe(per_pkt(ga, "funcs")), same_rxe(per_pkt(gb, "funcs"))
        ta, tb = sum(fa.values()), sum(fb.values())
        ka, kb = kernel(fa), kernel(fb)
        print(f"== {' '.join(rest)}: {b} minus {a}, instructions per packet needed "
              f"(both guests {ta:.0f} -> {tb:.0f}, {tb - ta:+.0f}, {tb / ta:.3f}x; "
              f"their kernels {ka:.0f} -> {kb:.0f}, {kb / ka:.3f}x)")
        d = []
        for k in set(fa) | set(fb):
            if module and not k[1].endswith(f"[{module}]") and \
                    not (module.startswith("rdma_rxe") and k[1].endswith("[rxe]")):
                continue
            d.append((fb.get(k, 0) - fa.get(k, 0), k))
        d.sort(key=lambda x: -abs(x[0]))
        for v, (role, f) in d[:top]:
            print(f"   {v:+10.1f}  {role:6s}  {f}  ({fa.get((role, f), 0):.1f} -> {fb.get((role, f), 0):.1f})")
        print()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--diff", nargs=2, metavar=("COLUMN_A", "COLUMN_B"))
    ap.add_argument("--module")
    ap.add_argument("--each", action="store_true")
    args = ap.parse_args()
    if args.top < 1:
        die("--top must be at least 1")
    if args.each and args.diff:
        die("--each and --diff do not go together")
    groups = collect(args.run, bench_rows(args.run), args.each)
    if not groups:
        die(f"no profiled transfers in {args.run} (was the run made with -s INSNPROF=on?)")
    if args.diff:
        cols = {k[0] for k in groups}
        for c in args.diff:
            if c not in cols:
                die(f"no column '{c}' in the run (it has {', '.join(sorted(cols))})")
        show_diff(groups, args.diff[0], args.diff[1], args.top, args.module)
        return
    for key in sorted(groups):
        show_group(key, groups[key], args.top, args.module)


if __name__ == "__main__":
    main()
