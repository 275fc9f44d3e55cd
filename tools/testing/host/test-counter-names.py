#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Every hw counter a bed script names exists, as a TAP test.

A check that reads a counter by a name the device does not have reads
nothing: renaming a counter in the module would turn its checks off. The
bed's scripts (selftests/, tools/vm/, tools/bench/, tools/eun-verify/)
name counters in lists (BED_RETRANS_COUNTERS, the benchmark's counters),
as arguments of bed_counter_delta, bed_counter_deltas, bed_counter and
their wrappers, and in awk over a snapshot ($2 == "NAME"). Checked: every
rxe_eun_* name is one of drivers/infiniband/sw/rxe_eun/dev/eun_counters.c,
every other one a counter of stock rxe (rxe_hw_counters.c of the kernel
source the module is built from: tools/ksrc.sh's tree, or
/usr/src/linux-source-6.12.tar.xz), which rdma_rxe_eun has as well.

Usage: test-counter-names.py [REPO]
"""
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import tap  # noqa: E402  tools/testing/tap.py

REPO = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), '..', '..', '..'))
EUN_TABLE = 'drivers/infiniband/sw/rxe_eun/dev/eun_counters.c'
STOCK_FILE = 'drivers/infiniband/sw/rxe/rxe_hw_counters.c'
TARBALL = '/usr/src/linux-source-6.12.tar.xz'
SCRIPTS = ('selftests/*.sh', 'tools/vm/*.sh', 'tools/bench/*.sh',
           'tools/eun-verify/*.sh')
NAME = re.compile(r'\.name\s*=\s*"(\w+)"')

# Where a script names counters: an rxe_eun_* word anywhere in code, a
# list assigned to a *COUNTERS / counters variable, the NAMES argument of
# the helpers (after an optional -s and the two snapshots) and of their
# wrappers (malformed.sh's counter, write_sync.sh's delta), awk's test of
# a snapshot's counter field.
EUN_WORD = re.compile(r'(?<![\w/.-])rxe_eun_[a-z0-9_]+\b(?!\*)')
LIST = re.compile(r'\b(\w*COUNTERS|counters)="([^"$]*)"', re.S)
# A counter's name has an underscore (sent_pkts, ack_deferred): awk's
# "$2 == ..." over kernel.txt or unittest results names no counter.
CNT = r'([a-z][a-z0-9]*_[a-z0-9_]+)\b'
SP = r'(?:[ \t]+|[ \t]*\\\n[ \t]*)'
ARG = r'(?:"[^"\n]*"|[^\s"]+)'
DELTAS = re.compile(r'\bbed_counter_deltas?' + SP + r'(?:-s' + SP + r')?' + ARG + SP +
                    ARG + SP + CNT)
ONE = re.compile(r'(?:\bbed_counter|\$\(counter|\$\(delta)' + SP + CNT)
AWK = re.compile(r'\$2 == "' + CNT + '"')


def stock_source():
    """The text of stock rxe's rxe_hw_counters.c, and where it came from."""
    cache = os.environ.get('EUN_CACHE', '/var/cache/rxe_eun')
    for path in sorted(glob.glob(os.path.join(cache, 'src-*', 'linux-source-6.12',
                                              STOCK_FILE))):
        with open(path) as f:
            return f.read(), path
    if os.path.exists(TARBALL):
        member = 'linux-source-6.12/' + STOCK_FILE
        r = subprocess.run(['tar', '-xJOf', TARBALL, member], capture_output=True,
                           text=True, timeout=300)
        if r.returncode == 0 and r.stdout:
            return r.stdout, TARBALL + ':' + member
    return None, None


def code(text):
    """The script without its comment lines."""
    return '\n'.join(l for l in text.splitlines() if not l.lstrip().startswith('#'))


def used_names():
    """{name: set of 'file:line'} of every counter name the scripts use."""
    used = {}
    for pat in SCRIPTS:
        for path in sorted(glob.glob(os.path.join(REPO, pat))):
            rel = os.path.relpath(path, REPO)
            with open(path) as f:
                text = code(f.read())
            found = set(EUN_WORD.findall(text))
            for _, words in LIST.findall(text):
                found.update(words.split())
            for rx in (DELTAS, ONE, AWK):
                found.update(rx.findall(text))
            for name in found:
                used.setdefault(name, set()).add(rel)
    return used


def main():
    with open(os.path.join(REPO, EUN_TABLE)) as f:
        eun = set(NAME.findall(f.read()))
    tap.result(len(eun) > 10, 'the rxe_eun counter table reads (%d names)' % len(eun))
    text, where = stock_source()
    stock = set(NAME.findall(text)) if text else set()
    if text:
        tap.result('sent_pkts' in stock and 'rcvd_seq_err' in stock,
                   'stock rxe\'s counter table reads (%d names, %s)' % (len(stock), where))
    else:
        tap.ok('stock rxe\'s counter table # SKIP no kernel source (%s, %s)' % (
            STOCK_FILE, TARBALL))
    used = used_names()
    tap.result(len(used) > 20, 'the scripts name counters (%d names)' % len(used))

    bad = ['%s (%s)' % (n, ', '.join(sorted(used[n])))
           for n in sorted(used) if n.startswith('rxe_eun_') and n not in eun]
    tap.result(not bad, 'every rxe_eun_* counter a script names is in %s' % EUN_TABLE, bad)
    if text:
        bad = ['%s (%s)' % (n, ', '.join(sorted(used[n])))
               for n in sorted(used) if not n.startswith('rxe_eun_') and n not in stock]
        tap.result(not bad, 'every other counter a script names is stock rxe\'s', bad)
    # The extraction finds what it must: the lists and the helpers' names.
    for name in ('rcvd_seq_err', 'sent_pkts', 'rcvd_pkts', 'rxe_eun_retx_timeout',
                 'rxe_eun_emem_blocks_peak', 'rxe_eun_rcv_drop_opcode',
                 'rxe_eun_wsync_hold_full', 'completer_retry_err'):
        tap.result(name in used, 'the scan sees %s' % name)
    return tap.end('test-counter-names')


if __name__ == '__main__':
    sys.exit(main())
