#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Hooks, verdicts and counters are all alive, and design.rst says so.

TAP test. Reads the patch series, the module's sources and the hook and
verdict tables of Documentation/design.rst, and fails when:

  - a call the series adds to rxe has no row in the hooks table, or a row
    names a hook that its patch does not call in its rxe file;
  - a hook declared in eun_hooks.h is not called by the series, or not
    defined by the module;
  - an enumerator of eun_verdicts.h has no row, a row names none, the
    module never returns it, or no patch acts on its enum;
  - an event counter is never moved, or a figure counter never filled.

Usage: test-hooks.py [REPO]
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import tap  # noqa: E402  tools/testing/tap.py

result = tap.result

REPO = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), '..', '..', '..'))
OWN = os.path.join(REPO, 'drivers/infiniband/sw/rxe_eun')
DESIGN = os.path.join(REPO, 'Documentation/design.rst')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)



def read(path, strip=True):
    with open(path) as f:
        text = f.read()
    return COMMENT.sub(' ', text) if strip else text


def module_sources():
    out = {}
    for root, dirs, files in os.walk(OWN):
        dirs[:] = [d for d in dirs if d != 'patches']
        for f in files:
            if f.endswith(('.c', '.h')):
                out[f] = read(os.path.join(root, f))
    return out


def series():
    """{patch name: {rxe file: [added lines]}}, in series order."""
    pdir = os.path.join(OWN, 'patches')
    out = {}
    for name in open(os.path.join(pdir, 'series')).read().split():
        files = {}
        cur = None
        for line in open(os.path.join(pdir, name)):
            m = re.match(r'^\+\+\+ b/(\S+)', line)
            if m:
                cur = files.setdefault(m.group(1), [])
            elif cur is not None and line.startswith('+'):
                cur.append(line[1:])
        out[name[:-len('.patch')]] = files
    return out


def table(marker):
    """Rows of the simple table that follows the comment '.. MARKER'."""
    text = open(DESIGN).read()
    at = text.find('.. ' + marker)
    if at < 0:
        return None
    rows, rules = [], 0
    for line in text[at:].split('\n')[1:]:
        if line.startswith('='):
            rules += 1
            if rules == 3:
                break
            continue
        if rules == 2 and line.strip():
            rows.append([c.strip('`') for c in re.split(r'\s{2,}', line.strip())])
    return rows


src = module_sources()
code = '\n'.join(t for f, t in src.items() if f.endswith('.c'))
patches = series()
calls = {}
for pname, files in patches.items():
    for rfile, lines in files.items():
        for m in re.finditer(r'\b(eun_\w+)\s*\(', ''.join(lines)):
            calls.setdefault(m.group(1), set()).add((rfile, pname))

# --- hooks ------------------------------------------------------------------
rows = table('hooks table') or []
result(len(rows) > 0, 'design.rst has a hooks table')
hook_rows = {}
bad = []
for r in rows:
    if len(r) != 3:
        bad.append('malformed row: %r' % (r,))
        continue
    hook, rfile, pname = r[0].rstrip('()'), r[1], r[2]
    hook_rows[hook] = (rfile, pname)
    if (rfile, pname) not in calls.get(hook, set()):
        bad.append('%s: %s does not call it in %s' % (hook, pname, rfile))
result(not bad, 'every hook row is called by its patch in its rxe file', bad)

missing = sorted('%s (%s)' % (h, ', '.join(sorted(p for _, p in w)))
                 for h, w in calls.items() if h not in hook_rows)
result(not missing, 'every call the series adds has a row', missing)

decl = re.findall(r'^\w[\w \*]*?\b(eun_\w+)\s*\(', read(os.path.join(OWN, 'eun_hooks.h')), re.M)
uncalled = sorted(h for h in decl if h not in calls)
result(bool(decl) and not uncalled,
       'every hook of eun_hooks.h (%d) is called by the series' % len(decl), uncalled)

undefined = sorted(h for h in hook_rows
                   if not re.search(r'^\w[\w \*]*?\b%s\s*\([^;]*?\)\s*\{' % h, code, re.M | re.S))
result(not undefined, 'every hook is defined by the module', undefined)

# --- verdicts ---------------------------------------------------------------
venums = {}
for m in re.finditer(r'enum\s+(eun_\w+_verdict)\s*\{([^}]*)\}', read(os.path.join(OWN, 'eun_verdicts.h'))):
    for e in re.findall(r'\b(EUN_\w+)\b', m.group(2)):
        venums[e] = m.group(1)
vrows = table('verdicts table') or []
named = {r[0] for r in vrows}
result(bool(venums) and set(venums) == named,
       'the verdicts table lists exactly the enumerators of eun_verdicts.h',
       ['no row: ' + e for e in sorted(set(venums) - named)] +
       ['no enumerator: ' + e for e in sorted(named - set(venums))])

patch_text = ''.join(''.join(l) for files in patches.values() for l in files.values())
never = [e for e in venums if not re.search(r'return\b[^;]*\b%s\b' % e, code)]
result(not never, 'the module returns every verdict', never)
unhandled = sorted({venums[e] for e in venums} -
                   {venums[e] for e in venums if re.search(r'\b%s\b' % e, patch_text)})
result(not unhandled, 'the series acts on every verdict enum', unhandled)
stock_only = [e for e in venums
              if not re.search(r'\b%s\b' % e, patch_text) and
              sum(1 for f in venums if venums[f] == venums[e]) != 2]
result(not stock_only,
       'a verdict the series does not name is the other of a two-valued enum', stock_only)

# --- counters ---------------------------------------------------------------
ctext = read(os.path.join(OWN, 'eun_state.h'))
body = re.search(r'enum eun_counter \{(.*?)\};', ctext, re.S).group(1)
names = re.findall(r'^\s*(EUN_CNT_\w+)', body, re.M)
split = body.index('EUN_NUM_EVENT_COUNTERS')
events = [c for c in names if body.index(c) < split]
figures = [c for c in names if body.index(c) > split]
others = '\n'.join(t for f, t in src.items() if f.endswith('.c') and f != 'eun_counters.c')
dead = [c for c in events if not re.search(r'\b%s\b' % c, others)]
result(len(events) > 0 and not dead,
       'every event counter (%d) is moved by the module' % len(events), dead)
unfilled = [c for c in figures if not re.search(r'value\[%s\]\s*=' % c, others)]
result(len(figures) > 0 and not unfilled,
       'every figure counter (%d) is filled in' % len(figures), unfilled)

sys.exit(tap.end('test-hooks'))
