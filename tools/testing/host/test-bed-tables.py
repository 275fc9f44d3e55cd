#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The bed's tables of waits and ports are the only place for either.

TAP test. Reads the tables at the top of selftests/lib.sh (BED_TMO_*_S and
BED_PORTS) and every script the guests run with it: selftests/lib.sh,
every script that sources it, and what those source from the repository.
Fails when:

  - a table is missing, a wait is not a positive number of seconds, the
    client's ready wait is shorter than the server's listen and ready
    waits together, or a port range is empty or outside 1024..65535;
  - two port ranges overlap;
  - a table entry is used by no script;
  - a script passes a literal wait to bed_barrier, waits for a server's
    listen with a literal bound, or waits for a listen at all outside
    bed_pair;
  - a script has a port as a literal: after -p, in a port variable, as
    bed_perftest's port, as the base of a "$((N + i))", or any number
    inside a table range;
  - a script puts netem on a link outside bed_netem_set;
  - the tables of Documentation/testing.rst ("Waits and ports") differ
    from lib.sh's.

Usage: test-bed-tables.py [REPO]
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import tap  # noqa: E402  tools/testing/tap.py

result = tap.result

REPO = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), '..', '..', '..'))
LIB = 'selftests/lib.sh'
DOC = 'Documentation/testing.rst'
SOURCE = re.compile(r'^\s*(?:source|\.)\s+"\$BED_REPO/([^"]+)"', re.M)
TMO_DEF = re.compile(r'^(BED_TMO_\w+)=(\$\(\([^)]*\)\)|\S+)', re.M)
PORT_DEF = re.compile(r'^\s*\[(\w+)\]="(\d+) (\d+)"', re.M)
NUMBER = re.compile(r'(?<![\w$.{])\d+(?![\w.])')



def read(rel):
    with open(os.path.join(REPO, rel)) as f:
        return f.read()


def strip_comment(line):
    """The line without a shell comment (# at its start or after a blank)."""
    return re.sub(r'(^|\s)#.*$', r'\1', line)


def guest_scripts():
    """lib.sh, the scripts that source it, and what they source in turn."""
    found = {LIB}
    for top in ('selftests', 'tools'):
        for root, dirs, files in os.walk(os.path.join(REPO, top)):
            for f in files:
                if not f.endswith('.sh'):
                    continue
                rel = os.path.relpath(os.path.join(root, f), REPO)
                if LIB in SOURCE.findall(read(rel)):
                    found.add(rel)
    todo = sorted(found)
    while todo:
        for dep in SOURCE.findall(read(todo.pop())):
            if dep not in found and os.path.isfile(os.path.join(REPO, dep)):
                found.add(dep)
                todo.append(dep)
    return sorted(found)


def table_lines(text):
    """Line numbers (1-based) of lib.sh that are the tables themselves."""
    lines = text.split('\n')
    out = set()
    in_ports = False
    for i, line in enumerate(lines, 1):
        if TMO_DEF.match(line):
            out.add(i)
        if line.startswith('declare -gA BED_PORTS=('):
            in_ports = True
        if in_ports:
            out.add(i)
            if line.strip() == ')':
                in_ports = False
    return out


# --- the tables -------------------------------------------------------------
lib = read(LIB)
tmos = dict(TMO_DEF.findall(lib))
ports = {name: (int(base), int(count)) for name, base, count in PORT_DEF.findall(lib)}
result(len(tmos) > 0 and len(ports) > 0,
       '%s has both tables (%d waits, %d port ranges)' % (LIB, len(tmos), len(ports)))

values = {}
bad = []
for name, expr in tmos.items():
    m = re.fullmatch(r'\$\(\((.*)\)\)', expr)
    expr = m.group(1) if m else expr
    py = re.sub(r'\b(BED_TMO_\w+)\b', lambda v: str(values.get(v.group(1), 'None')), expr)
    try:
        if not re.fullmatch(r'[\d\s+*()-]+', py):
            raise ValueError(py)
        values[name] = int(eval(py))
    except (ValueError, SyntaxError, TypeError):
        bad.append('%s=%s is not a number of seconds' % (name, expr))
        continue
    if values[name] <= 0:
        bad.append('%s is %d' % (name, values[name]))
need = ('BED_TMO_LISTEN_S', 'BED_TMO_READY_SERVER_S', 'BED_TMO_READY_CLIENT_S')
missing = [t for t in need if t not in values]
bad += ['no %s' % t for t in missing]
if not missing and values[need[2]] < values[need[0]] + values[need[1]]:
    bad.append('%s (%d) < %s + %s (%d)' % (need[2], values[need[2]], need[0], need[1],
                                          values[need[0]] + values[need[1]]))
result(not bad, 'every wait is a positive number of seconds, the client waits for the server\'s listen and ready', bad)

bad = ['%s: %d..%d' % (k, b, b + c - 1) for k, (b, c) in ports.items()
       if c < 1 or b < 1024 or b + c - 1 > 65535]
result(not bad, 'every port range is in 1024..65535 and not empty', bad)

bad = []
byname = sorted(ports.items(), key=lambda kv: kv[1][0])
for i, (a, (ab, ac)) in enumerate(byname):
    for b, (bb, bc) in byname[i + 1:]:
        if bb <= ab + ac - 1:
            bad.append('%s %d..%d and %s %d..%d overlap' % (a, ab, ab + ac - 1, b, bb, bb + bc - 1))
result(not bad, 'no two port ranges overlap', bad)

# --- the scripts ------------------------------------------------------------
scripts = guest_scripts()
result(len(scripts) > 1, 'scripts the guests run with %s: %d' % (LIB, len(scripts)))

code = {}  # script -> [(line number, code without comments)]
skip = table_lines(lib)
for rel in scripts:
    rows = []
    for i, line in enumerate(read(rel).split('\n'), 1):
        if rel == LIB and i in skip:
            continue
        rows.append((i, strip_comment(line)))
    code[rel] = rows
alltext = '\n'.join(c for rows in code.values() for _, c in rows)
# A wait may be defined in terms of another: that is a use too.
alltext += '\n' + '\n'.join('%s=%s' % kv for kv in tmos.items())

unused = [t for t in tmos if not re.search(r'\b%s\b' % t, alltext.replace(t + '=', ''))]
unused += [p for p in ports if not re.search(r'(?<![\w$])%s(?!\w)' % p, alltext)]
result(not unused, 'every table entry is used', unused)

BARRIER = re.compile(r'\bbed_barrier\s+("[^"]*"|\S+)\s+(.*)$')
LISTEN_PROBE = re.compile(r'\b(bed_listening|bed_tcp_listening|bed_cm_listening)\b'
                          r'|\bbusywait\b.*\blistening\b|\bbed_wait_tcp_listen\b')
PORT_CONTEXT = [
    re.compile(r'(?:^|\s)-p\s+["\']?(\d+)'),
    re.compile(r'\b\w*port\w*=\S*?(?<![\w$])(\d{2,5})\b', re.I),
    re.compile(r'\bbed_perftest\w*\s+\S+\s+["\']?(\d+)'),
    re.compile(r'\$\(\(\s*(\d{4,5})\s*[-+%]'),
]
NETEM = re.compile(r'\btc\s+qdisc\b.*\bnetem\b')


def in_range(v):
    return any(b <= v < b + c for b, c in ports.values())


barrier_bad, listen_bad, port_bad, netem_bad = [], [], [], []
for rel, rows in code.items():
    for i, c in rows:
        where = '%s:%d: %s' % (rel, i, c.strip())
        m = BARRIER.search(c)
        if m:
            arg = re.split(r'\s(?:\|\||&&)\s|;', m.group(2))[0]
            if NUMBER.search(arg):
                barrier_bad.append(where)
        if LISTEN_PROBE.search(c) and not re.match(r'\s*(bed_\w+\s*\(\)|[a-z:*]+\))', c):
            bare = re.sub(r'\*\s*1000\b', '', c)  # seconds to ms is no literal
            m = re.search(r'\bbusywait\s+(\S+)', bare)
            if rel != LIB or (m and NUMBER.search(m.group(1))) or \
               'bed_wait_tcp_listen' in c:
                listen_bad.append(where)
        if any(p.search(c) for p in PORT_CONTEXT):
            port_bad.append(where)
        for v in NUMBER.findall(c):
            if in_range(int(v)) and where not in port_bad:
                port_bad.append(where)
        if NETEM.search(c) and rel != LIB:
            netem_bad.append(where)

result(not barrier_bad, 'every barrier waits a named time (BED_TMO_*_S)', barrier_bad)
result(not listen_bad, 'only bed_pair waits for a listen, for BED_TMO_LISTEN_S', listen_bad)
result(not port_bad, 'no port is a literal (BED_PORTS, bed_port_next)', sorted(set(port_bad)))
result(not netem_bad, 'only bed_netem_set puts netem on a link', netem_bad)

# --- the documentation's copy -------------------------------------------------
doc = read(DOC)
m = re.search(r'^Waits and ports\n-+\n(.*?)(?=^\S[^\n]*\n[-=~]{4,}\n)', doc, re.M | re.S)
doc = m.group(1) if m else ''
bad = [] if m else ['no section "Waits and ports"']
dports = {m.group(1): (int(m.group(2)), int(m.group(3) or m.group(2)))
          for m in re.finditer(r'^``(\w+)``\s+(\d+)(?:\.\.(\d+))?\s', doc, re.M)
          if not m.group(1).startswith('BED_TMO_')}
for name, (b, c) in ports.items():
    if dports.get(name) != (b, b + c - 1):
        got = dports.get(name)
        bad.append('%s: lib.sh %d..%d, %s %s' % (name, b, b + c - 1, DOC,
                                                '%d..%d' % got if got else 'none'))
bad += ['%s: in %s, not in lib.sh' % (k, DOC) for k in dports if k not in ports]
dtmos = dict(re.findall(r'^``(BED_TMO_\w+)``\s+(\d+)\s', doc, re.M))
for name, v in values.items():
    if dtmos.get(name) != str(v):
        bad.append('%s: lib.sh %d, %s %s' % (name, v, DOC, dtmos.get(name, 'none')))
bad += ['%s: in %s, not in lib.sh' % (k, DOC) for k in dtmos if k not in tmos]
result(not bad, '%s shows the tables as they are' % DOC, bad)

sys.exit(tap.end('test-bed-tables'))
