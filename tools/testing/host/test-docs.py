#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Documentation/*.rst parses cleanly and points at what exists, as a TAP test.

A table whose text runs into a column margin, or a title whose underline
is short, is an error docutils reports and then renders as a paragraph
of '=' signs: the reader gets garbage where the figures were. Parsed with
docutils (Debian's python3-docutils), one test point per file, which
fails on any report of level WARNING or above. The Sphinx and kernel
constructs the files use are checked instead of parsed:

  - :doc:`NAME` names Documentation/NAME.rst;
  - .. kernel-doc:: FILE names a file of the repository and, with
    ":doc: TITLE", a "DOC: TITLE" comment in it;
  - .. image:: PATH names a file beside the document;
  - .. toctree:: lists documents that exist.

Usage: test-docs.py [REPO]
"""
import glob
import io
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import tap  # noqa: E402  tools/testing/tap.py

REPO = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), '..', '..', '..'))
DOCS = os.path.join(REPO, 'Documentation')

try:
    import docutils.core
    import docutils.nodes
    from docutils.parsers.rst import Directive, directives, roles
except ImportError:
    # Debian's package serves the system's python3; another one first on
    # the PATH may lack it.
    if os.path.realpath(sys.executable) != os.path.realpath('/usr/bin/python3') and \
            os.path.exists('/usr/bin/python3'):
        os.execv('/usr/bin/python3', ['/usr/bin/python3'] + sys.argv)
    tap.nok('docutils', 'no python3 docutils: tools/deps.sh host installs python3-docutils')
    sys.exit(tap.end('docs'))

# What the constructs below found missing, per document.
missing = []


def doc_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    target = re.sub(r'^.*<(.*)>$', r'\1', text).strip()
    if not os.path.isfile(os.path.join(DOCS, target + '.rst')):
        missing.append('line %d: :doc:`%s`: no Documentation/%s.rst' %
                       (lineno, text, target))
    return [docutils.nodes.literal(rawtext, text)], []


def ref_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    return [docutils.nodes.literal(rawtext, text)], []


class KernelDoc(Directive):
    required_arguments = 1
    option_spec = {'doc': directives.unchanged, 'internal': directives.flag,
                   'export': directives.flag, 'functions': directives.unchanged,
                   'identifiers': directives.unchanged}

    def run(self):
        path = os.path.join(REPO, self.arguments[0])
        title = self.options.get('doc')
        if not os.path.isfile(path):
            missing.append('line %d: kernel-doc: no %s' % (self.lineno, self.arguments[0]))
        elif title and not re.search(r'DOC:\s*' + re.escape(title.strip()) + r'\s*$',
                                     open(path, encoding='utf-8').read(), re.M):
            missing.append('line %d: kernel-doc: no "DOC: %s" in %s' %
                           (self.lineno, title, self.arguments[0]))
        return []


class Toctree(Directive):
    has_content = True
    option_spec = {'maxdepth': directives.unchanged, 'caption': directives.unchanged,
                   'hidden': directives.flag, 'numbered': directives.flag}

    def run(self):
        for entry in self.content:
            entry = entry.strip()
            if entry and not os.path.isfile(os.path.join(DOCS, entry + '.rst')):
                missing.append('line %d: toctree: no Documentation/%s.rst' %
                               (self.lineno, entry))
        return []


roles.register_canonical_role('doc', doc_role)
roles.register_canonical_role('ref', ref_role)
directives.register_directive('kernel-doc', KernelDoc)
directives.register_directive('toctree', Toctree)


def images(tree):
    for node in tree.findall(docutils.nodes.image):
        if not os.path.isfile(os.path.join(DOCS, node['uri'])):
            yield 'image: no Documentation/%s' % node['uri']


def check(path):
    reports = io.StringIO()
    del missing[:]
    with open(path, encoding='utf-8') as f:
        text = f.read()
    tree = docutils.core.publish_doctree(
        text, source_path=os.path.relpath(path, REPO),
        settings_overrides={'warning_stream': reports, 'report_level': 2,
                            'halt_level': 5, 'file_insertion_enabled': False,
                            'raw_enabled': False})
    problems = reports.getvalue().splitlines() + missing + list(images(tree))
    name = os.path.relpath(path, REPO)
    tap.result(not problems, '%s parses, and what it names exists' % name,
               problems[:40])


for doc in sorted(glob.glob(os.path.join(DOCS, '*.rst'))):
    check(doc)
sys.exit(tap.end('docs'))
