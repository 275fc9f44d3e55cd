#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The layout rules of the house, as a TAP test.

Rooms are the project's C files, a source together with its header of the
same name (a header alone is a room of its own). A room depends on another
when it includes that room's header or calls a function defined there.
Checked, for the kernel folder and for tools/eun-verify:

  - no circle: the rooms form layers (every dependency runs downward);
  - in the kernel folder, a call into another room is declared by a header
    the caller includes itself, directly or through the project's headers
    (not through rxe.h, which includes the hooks' headers for rxe's sake):
    the include lines show a file's dependencies;
  - the pure core (drivers/.../core, include/eun) includes nothing of rxe
    and no kernel header beyond a short list of plain ones;
  - a function whose comment says it is called with a lock held asserts
    it with lockdep_assert_held().

Prints the figures (files, rooms, layers, dependencies) as TAP comments.
Usage: test-layout.py [REPO]
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import tap  # noqa: E402  tools/testing/tap.py

result = tap.result

REPO = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), '..', '..', '..'))
KERNEL = 'drivers/infiniband/sw/rxe_eun'
CORE_OK = {'linux/types.h', 'linux/errno.h', 'linux/bitfield.h', 'linux/bits.h',
           'linux/bitops.h', 'linux/build_bug.h', 'linux/bug.h', 'linux/kernel.h',
           'linux/string.h', 'linux/slab.h', 'linux/bitmap.h'}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
DEFINITION = re.compile(r'^(?!static\b)[A-Za-z_][\w \t\*]*?\b([a-z_]\w*)\s*\(([^;{]*?)\)\s*\{',
                        re.M | re.S)
CALL = re.compile(r'\b([a-z_]\w*)\s*\(')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)



def sources(top):
    out = []
    for root, dirs, files in os.walk(os.path.join(REPO, top)):
        dirs[:] = [d for d in dirs if d != 'patches']
        out += [os.path.join(root, f) for f in files if f.endswith(('.c', '.h'))]
    return sorted(out)


def room_of(path):
    base = os.path.splitext(os.path.basename(path))[0]
    return base


def read(path):
    with open(path) as f:
        return COMMENT.sub(' ', f.read())


def graph(files):
    """Rooms, and the edges room -> room with the reason of each."""
    rooms = {}
    for f in files:
        rooms.setdefault(room_of(f), []).append(f)
    headers = {os.path.basename(f): room_of(f) for f in files if f.endswith('.h')}
    defined = {}
    for f in files:
        if f.endswith('.c'):
            for m in DEFINITION.finditer(read(f)):
                defined.setdefault(m.group(1), room_of(f))
    paths = {os.path.basename(f): f for f in files if f.endswith('.h')}
    direct = {}
    for f in files:
        direct[f] = [inc for kind, inc in INCLUDE.findall(read(f))
                     if kind == '"' and os.path.basename(inc) in paths]

    def closure(f):
        seen, todo = set(), list(direct[f])
        while todo:
            inc = os.path.basename(todo.pop())
            if inc not in seen:
                seen.add(inc)
                todo += direct[paths[inc]]
        return {headers[h] for h in seen}

    edges = {}
    indirect = []
    for f in files:
        text = read(f)
        me = room_of(f)
        for inc in direct[f]:
            r = headers[os.path.basename(inc)]
            if r != me:
                edges.setdefault(me, {}).setdefault(r, set()).add('includes ' + inc)
        if not f.endswith('.c'):
            continue
        included = closure(f)
        for m in CALL.finditer(text):
            r = defined.get(m.group(1))
            if r and r != me:
                edges.setdefault(me, {}).setdefault(r, set()).add('calls ' + m.group(1))
                if r not in included:
                    indirect.append('%s calls %s() of %s without including its header'
                                    % (os.path.relpath(f, REPO), m.group(1), r))
    return rooms, edges, sorted(set(indirect))


def circles(rooms, edges):
    """Strongly connected components of more than one room (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(rooms):
        if v not in index:
            visit(v)
    return out


def layers(rooms, edges):
    depth = {}

    def d(v, seen=()):
        if v in depth:
            return depth[v]
        if v in seen:
            return 0
        depth[v] = 1 + max([d(w, seen + (v,)) for w in edges.get(v, {})] or [0])
        return depth[v]

    for v in rooms:
        d(v)
    return max(depth.values() or [0])


def check_tree(name, top_dirs, header_rule):
    files = []
    for t in top_dirs:
        files += sources(t)
    rooms, edges, indirect = graph(files)
    found = circles(rooms, edges)
    detail = []
    for c in found:
        detail.append('circle: ' + ' '.join(c))
        for a in c:
            for b in c:
                if b in edges.get(a, {}):
                    detail.append('  %s -> %s: %s' % (a, b, ', '.join(sorted(edges[a][b]))))
    result(not found, '%s: no circle of rooms' % name, detail)
    if header_rule:
        result(not indirect, '%s: calls into another room include its header' % name,
               indirect)
    ndeps = sum(len(v) for v in edges.values())
    print('# %s: %d files, %d rooms, %d dependencies, %s layers' %
          (name, len(files), len(rooms), ndeps, layers(rooms, edges) if not found else 'no'))


def check_core():
    bad = []
    files = sources(os.path.join(KERNEL, 'core')) + sources('include/eun')
    for f in files:
        for kind, inc in INCLUDE.findall(read(f)):
            if kind == '"' and inc.startswith('eun/'):
                continue
            if kind == '<' and inc in CORE_OK:
                continue
            bad.append('%s includes %s%s' % (os.path.relpath(f, REPO), kind, inc))
    result(bool(files) and not bad,
           'core: %d files include only eun/ and plain kernel headers' % len(files), bad)


def check_lock_asserts():
    doc_fn = re.compile(r'/\*((?:(?!\*/).)*?)\*/\s*\n(?:static\s+)?[^;{}()]*?\b(\w+)\s*\([^;{]*?\)\s*\{(.*?)\n\}',
                        re.S)
    said, bad = 0, []
    for f in sources(KERNEL):
        with open(f) as fh:
            text = fh.read()
        for m in doc_fn.finditer(text):
            comment = ' '.join(m.group(1).split())
            if re.search(r'called with\b[^.]*lock\b[^.]*\bheld', comment):
                said += 1
                if 'lockdep_assert_held' not in m.group(3):
                    bad.append('%s: %s()' % (os.path.relpath(f, REPO), m.group(2)))
    result(said > 0 and not bad,
           'kernel: the %d functions said to be called with a lock held assert it' % said, bad)


check_tree('kernel', [KERNEL, 'include/eun'], True)
check_lock_asserts()
check_tree('eun-verify', ['tools/eun-verify'], False)
check_core()
sys.exit(tap.end('test-layout'))
