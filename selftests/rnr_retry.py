#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""RNR retries, low and for ever, on one device (rxe's loopback path).

Run by selftests/faults.sh in each tracking mode. Two cases, SENDs of
several packets to a QP that has posted no receive:

  low:      rnr_retry 1. The sender's SEND must complete with
            IB_WC_RNR_RETRY_EXC_ERR within the bound: no hang, no success.
  forever:  rnr_retry 7 (retry for ever). The receiver posts its receive
            after a delay; the SEND must then complete, intact.

Exit status 0 when both pass, 1 with a message on stderr otherwise.
"""

import argparse
import os
import random
import sys
import time

import pyverbs.enums as e
from pyverbs.cq import CQ  # noqa: F401 (pyverbs loads its classes in order)
from pyverbs.device import Context
from pyverbs.pd import PD
from pyverbs.wr import SGE, RecvWR, SendWR

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qp_reset import MSG_BYTES, Failed, Side, pattern, poll  # noqa: E402


def post_send(src, msg):
    src.mr.write(pattern(9, msg), MSG_BYTES, msg * MSG_BYTES)
    sge = SGE(src.mr.buf + msg * MSG_BYTES, MSG_BYTES, src.mr.lkey)
    src.qp.post_send(SendWR(wr_id=msg, opcode=e.IBV_WR_SEND, num_sge=1,
                            sg=[sge], send_flags=e.IBV_SEND_SIGNALED))


def post_recv(dst, msg):
    dst.mr.write(bytes(MSG_BYTES), MSG_BYTES, msg * MSG_BYTES)
    sge = SGE(dst.mr.buf + msg * MSG_BYTES, MSG_BYTES, dst.mr.lkey)
    dst.qp.post_recv(RecvWR(wr_id=msg, num_sge=1, sg=[sge]))


def connect(ctx, gid, a, b, rnr_retry, min_rnr_timer):
    psn_a, psn_b = random.getrandbits(24), random.getrandbits(24)
    a.connect(ctx, gid, b, psn_a, psn_b, rnr_retry=rnr_retry)
    b.connect(ctx, gid, a, psn_b, psn_a, min_rnr_timer=min_rnr_timer)


def low(ctx, gid, pd, bound):
    a, b = Side(ctx, pd, 'A'), Side(ctx, pd, 'B')
    connect(ctx, gid, a, b, rnr_retry=1, min_rnr_timer=1)
    t0 = time.monotonic()
    post_send(a, 0)
    wc = poll(a, 1, t0 + bound)[0]
    if wc.status != e.IBV_WC_RNR_RETRY_EXC_ERR:
        raise Failed('low: the SEND completed with status %d, want %d '
                     '(RNR retry exceeded)'
                     % (wc.status, e.IBV_WC_RNR_RETRY_EXC_ERR))
    print('rnr_retry: low: RNR retry exceeded after %.2f s'
          % (time.monotonic() - t0))


def forever(ctx, gid, pd, bound, late):
    c, d = Side(ctx, pd, 'C'), Side(ctx, pd, 'D')
    # 14: a 1.28 ms RNR timer, so the sender retries hundreds of times.
    connect(ctx, gid, c, d, rnr_retry=7, min_rnr_timer=14)
    t0 = time.monotonic()
    post_send(c, 0)
    time.sleep(late)
    n, _ = c.cq.poll(1)
    if n:
        raise Failed('forever: the SEND completed before any receive')
    post_recv(d, 0)
    wc = poll(c, 1, t0 + bound)[0]
    if wc.status != e.IBV_WC_SUCCESS:
        raise Failed('forever: the SEND completed with status %d' % wc.status)
    wc = poll(d, 1, t0 + bound)[0]
    if wc.status != e.IBV_WC_SUCCESS or wc.byte_len != MSG_BYTES:
        raise Failed('forever: the receive completed with status %d, %d bytes'
                     % (wc.status, wc.byte_len))
    if d.mr.read(MSG_BYTES, 0) != pattern(9, 0):
        raise Failed('forever: the message has other bytes')
    print('rnr_retry: forever: a receive posted after %.1f s took the SEND'
          % late)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--dev', required=True)
    ap.add_argument('--gid', type=int, required=True)
    ap.add_argument('--timeout', type=float, default=20,
                    help='seconds for each case')
    ap.add_argument('--late', type=float, default=1.0,
                    help='seconds before the receive is posted')
    args = ap.parse_args()
    random.seed(7)

    ctx = Context(name=args.dev)
    pd = PD(ctx)
    try:
        low(ctx, args.gid, pd, args.timeout)
        forever(ctx, args.gid, pd, args.timeout, args.late)
    except Failed as ex:
        print('rnr_retry: %s' % ex, file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
