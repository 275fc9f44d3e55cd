#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Reuse of RC QPs after RESET, on one device (rxe's loopback path).

Run by selftests/qp_reset.sh. Three rounds of SENDs, each way, of
multi-packet messages, every byte, length, status and completion order
checked:

  1. QP S with a new QP A;
  2. S moved to RESET and connected to a new QP B: S starts afresh while B
     is new, so S keeps no message number, held completion or window from
     round 1;
  3. S and B both moved to RESET and connected again, new PSNs.

A QP that kept its message numbers across RESET numbers round 2's
messages where the new peer does not expect them: they are refused or
land in the wrong receive WQE. Exit status 0 when every round passes, 1
with a message on stderr otherwise.
"""

import argparse
import random
import sys
import time

import pyverbs.enums as e
from pyverbs.addr import AHAttr, GlobalRoute
from pyverbs.cq import CQ
from pyverbs.device import Context
from pyverbs.mr import MR
from pyverbs.pd import PD
from pyverbs.qp import QP, QPAttr, QPCap, QPInitAttr
from pyverbs.wr import SGE, RecvWR, SendWR

MSGS = 8
MSG_BYTES = 3 * 1024 + 100      # four packets at the 1024-byte MTU


class Failed(Exception):
    pass


class Side:
    """One QP with its CQ and a buffer of MSGS message slots."""

    def __init__(self, ctx, pd, name):
        self.name = name
        self.cq = CQ(ctx, 4 * MSGS)
        self.mr = MR(pd, MSGS * MSG_BYTES, e.IBV_ACCESS_LOCAL_WRITE)
        cap = QPCap(max_send_wr=MSGS, max_recv_wr=MSGS)
        init = QPInitAttr(qp_type=e.IBV_QPT_RC, scq=self.cq, rcq=self.cq,
                          cap=cap)
        self.qp = QP(pd, init, QPAttr(port_num=1))

    def connect(self, ctx, gid_index, peer, sq_psn, rq_psn, rnr_retry=7,
                min_rnr_timer=1):
        attr = QPAttr(port_num=1)
        attr.path_mtu = e.IBV_MTU_1024
        attr.dest_qp_num = peer.qp.qp_num
        attr.sq_psn = sq_psn
        attr.rq_psn = rq_psn
        attr.max_rd_atomic = 1
        attr.max_dest_rd_atomic = 1
        attr.min_rnr_timer = min_rnr_timer
        attr.timeout = 14
        attr.retry_cnt = 7
        attr.rnr_retry = rnr_retry
        gr = GlobalRoute(dgid=ctx.query_gid(1, gid_index), sgid_index=gid_index)
        attr.ah_attr = AHAttr(port_num=1, is_global=1, gr=gr)
        self.qp.to_rts(attr)

    def reset(self):
        self.qp.modify(QPAttr(qp_state=e.IBV_QPS_RESET), e.IBV_QP_STATE)


def pattern(rnd, msg):
    seed = (rnd * 131 + msg * 17) & 0xff
    return bytes((seed + i) & 0xff for i in range(MSG_BYTES))


def poll(side, want, deadline):
    """The next @want completions of @side, in order of arrival."""
    got = []
    while len(got) < want:
        n, wcs = side.cq.poll(want - len(got))
        got += wcs[:n]
        if n == 0:
            if time.monotonic() > deadline:
                raise Failed('%s: %d of %d completions after the bound'
                             % (side.name, len(got), want))
            time.sleep(0.001)
    return got


def send_all(rnd, src, dst, deadline):
    """MSGS SENDs from @src to @dst, every completion and byte checked."""
    for m in range(MSGS):
        dst.mr.write(bytes(MSG_BYTES), MSG_BYTES, m * MSG_BYTES)
        sge = SGE(dst.mr.buf + m * MSG_BYTES, MSG_BYTES, dst.mr.lkey)
        dst.qp.post_recv(RecvWR(wr_id=m, num_sge=1, sg=[sge]))
    for m in range(MSGS):
        src.mr.write(pattern(rnd, m), MSG_BYTES, m * MSG_BYTES)
        sge = SGE(src.mr.buf + m * MSG_BYTES, MSG_BYTES, src.mr.lkey)
        src.qp.post_send(SendWR(wr_id=m, opcode=e.IBV_WR_SEND, num_sge=1,
                                sg=[sge], send_flags=e.IBV_SEND_SIGNALED))
    what = 'round %d, %s to %s' % (rnd, src.name, dst.name)
    for side, opcode in ((src, e.IBV_WC_SEND), (dst, e.IBV_WC_RECV)):
        for m, wc in enumerate(poll(side, MSGS, deadline)):
            if wc.status != e.IBV_WC_SUCCESS:
                raise Failed('%s: %s completion %d has status %d'
                             % (what, side.name, m, wc.status))
            if wc.opcode != opcode or wc.wr_id != m:
                raise Failed('%s: %s completion %d is wr_id %d opcode %d'
                             % (what, side.name, m, wc.wr_id, wc.opcode))
            if side is dst and wc.byte_len != MSG_BYTES:
                raise Failed('%s: message %d is %d bytes'
                             % (what, m, wc.byte_len))
    for m in range(MSGS):
        if dst.mr.read(MSG_BYTES, m * MSG_BYTES) != pattern(rnd, m):
            raise Failed('%s: message %d has other bytes' % (what, m))


def pair(rnd, ctx, gid_index, a, b, deadline):
    psn_a, psn_b = random.getrandbits(24), random.getrandbits(24)
    a.connect(ctx, gid_index, b, psn_a, psn_b)
    b.connect(ctx, gid_index, a, psn_b, psn_a)
    send_all(rnd, a, b, deadline)
    send_all(rnd, b, a, deadline)
    print('qp_reset: round %d: %s and %s, %d messages each way'
          % (rnd, a.name, b.name, MSGS))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--dev', required=True)
    ap.add_argument('--gid', type=int, required=True)
    ap.add_argument('--timeout', type=float, default=30,
                    help='seconds for each round')
    ap.add_argument('--seed', type=int, default=1)
    args = ap.parse_args()
    random.seed(args.seed)

    ctx = Context(name=args.dev)
    pd = PD(ctx)
    s, a, b = Side(ctx, pd, 'S'), Side(ctx, pd, 'A'), Side(ctx, pd, 'B')
    try:
        pair(1, ctx, args.gid, s, a, time.monotonic() + args.timeout)
        s.reset()
        pair(2, ctx, args.gid, s, b, time.monotonic() + args.timeout)
        s.reset()
        b.reset()
        pair(3, ctx, args.gid, s, b, time.monotonic() + args.timeout)
    except Failed as ex:
        print('qp_reset: %s' % ex, file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
