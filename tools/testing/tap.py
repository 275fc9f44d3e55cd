# SPDX-License-Identifier: GPL-2.0
"""The TAP printer of the project's Python host tests, the twin of tap.sh.

Same lines as tools/testing/tap.sh, so that run.sh (make host-check) reads
every host test alike:

    ok(name) / nok(name, detail) / result(ok, name, detail)
                         "ok N name" or "not ok N name", then "#   line"
                         for every line of detail
    end(what)            "1..N", "# what: P passed, F failed, 0 skipped";
                         the exit status: 1 when a point failed
"""

_n = 0
_failed = 0


def result(passed, name, detail=()):
    global _n, _failed
    _n += 1
    if not passed:
        _failed += 1
    print(('ok' if passed else 'not ok') + ' %d %s' % (_n, name))
    if isinstance(detail, str):
        detail = detail.splitlines()
    for line in detail:
        print('#   ' + line)
    return passed


def ok(name):
    return result(True, name)


def nok(name, detail=()):
    return result(False, name, detail)


def end(what):
    print('1..%d' % _n)
    print('# %s: %d passed, %d failed, 0 skipped' % (what, _n - _failed, _failed))
    return 1 if _failed else 0
