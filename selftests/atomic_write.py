#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""ATOMIC WRITEs mixed with WRITEs on one RC QP, between the guests.

Run by selftests/atomic_write.sh in both guests, connected by hand as
selftests/lifecycle_mr.py connects them. The client posts --batches
batches, each of --batch pairs (in every other batch ATOMIC WRITEs
alone): a WRITE of --size bytes into the server's bulk area, then an
ATOMIC WRITE of a new value into one of --slots 8-byte slots, so that ATOMIC WRITEs to one slot follow each
other a few packets apart and the network reorders them, and last a
READ of the slots, posted right behind the ATOMIC WRITEs. After each
batch it checks that every completion came, successful and in posted
order, and that the READ found in each slot the last value posted to
it: the responder executed the ATOMIC WRITEs in order, a copy of one (a
re-request) not again, and the READ after them, not ahead. At the end
the server checks every byte of its bulk area and its slots.

Exit status 0 when all held, 1 with a message on stderr when not, 3
when a wait ran out.
"""

import argparse
import os
import random
import struct
import sys
import time

import pyverbs.enums as e
from pyverbs.qp import QPAttr, QPEx, QPInitAttrEx
from pyverbs.wr import SGE

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lifecycle_mr import (Failed, Peer, Side, add_peer_args,  # noqa: E402
                          exchange, exit_status, pattern)

SLOT_BYTES = 8
ACCESS = (e.IBV_ACCESS_LOCAL_WRITE | e.IBV_ACCESS_REMOTE_WRITE |
          e.IBV_ACCESS_REMOTE_READ | e.IBV_ACCESS_REMOTE_ATOMIC)


class AtomicSide(Side):
    """A Side whose QP posts ATOMIC WRITE (an extended QP)."""

    qp_access = ACCESS
    rd_atomic = 16

    def make_qp(self, cap):
        init = QPInitAttrEx(cap=cap, qp_type=e.IBV_QPT_RC, scq=self.cq,
                            rcq=self.cq, pd=self.pd,
                            send_ops_flags=(e.IBV_QP_EX_WITH_RDMA_WRITE |
                                            e.IBV_QP_EX_WITH_RDMA_READ |
                                            e.IBV_QP_EX_WITH_ATOMIC_WRITE),
                            comp_mask=(e.IBV_QP_INIT_ATTR_PD |
                                       e.IBV_QP_INIT_ATTR_SEND_OPS_FLAGS))
        return QPEx(self.ctx, init, QPAttr(port_num=1))


class Layout:
    """The MR of each side: the slots, then the bulk area."""

    def __init__(self, args):
        self.size = args.size
        self.slot_area = args.slots * SLOT_BYTES
        self.total = self.slot_area + args.size * args.batch

    def bulk_at(self, i):
        """Where the i-th WRITE of a batch goes, and comes from."""
        return self.slot_area + i * self.size


def value(args, batch, i):
    """The 8 bytes of the i-th ATOMIC WRITE of a batch: never repeated."""
    return struct.pack('<Q', (args.seed << 48) | (batch << 16) | i)


def bulk_bytes(args, batch, i):
    return pattern(args.seed * 100003 + batch * 1009 + i, args.size)


def has_writes(batch):
    """Even batches mix WRITEs in; odd ones are ATOMIC WRITEs alone."""
    return batch % 2 == 0


def last_write_batch(args):
    return args.batches - 1 - (not has_writes(args.batches - 1))


def post_batch(side, args, lay, remote, batch):
    """Post one batch, its READ last.

    Returns how many WRs went and the last value posted to each slot. In
    an odd batch no WRITE packet is out when the READ goes: only the
    ATOMIC WRITEs before it keep it in its turn.
    """
    qp = side.qp
    last = {}
    n = 0
    side.mr.write(bytes(lay.slot_area), lay.slot_area, 0)
    qp.wr_start()
    for i in range(args.batch):
        if has_writes(batch):
            off = lay.bulk_at(i)
            side.mr.write(bulk_bytes(args, batch, i), args.size, off)
            qp.wr_id = n
            qp.wr_flags = e.IBV_SEND_SIGNALED
            qp.wr_rdma_write(remote['rkey'], remote['addr'] + off)
            qp.wr_set_sge(SGE(side.mr.buf + off, args.size, side.mr.lkey))
            n += 1
        slot = i % args.slots
        last[slot] = value(args, batch, i)
        qp.wr_id = n
        qp.wr_flags = e.IBV_SEND_SIGNALED
        qp.wr_atomic_write(remote['rkey'],
                           remote['addr'] + slot * SLOT_BYTES, last[slot])
        n += 1
    qp.wr_id = n
    qp.wr_flags = e.IBV_SEND_SIGNALED
    qp.wr_rdma_read(remote['rkey'], remote['addr'])
    qp.wr_set_sge(SGE(side.mr.buf, lay.slot_area, side.mr.lkey))
    qp.wr_complete()
    return n + 1, last


def wait_in_order(side, want, deadline, what):
    """@want completions, successful, with wr_ids 0, 1, ... in order."""
    got = 0
    while got < want:
        for wc in side.poll(want - got, deadline):
            if wc.status != e.IBV_WC_SUCCESS:
                raise Failed('%s: completion %d (wr_id %d): status %d'
                             % (what, got, wc.wr_id, wc.status))
            if wc.wr_id != got:
                raise Failed('%s: completion %d has wr_id %d: out of '
                             'posted order' % (what, got, wc.wr_id))
            got += 1


def expect_slots(got, last, what):
    for slot, want in last.items():
        have = got[slot * SLOT_BYTES:(slot + 1) * SLOT_BYTES]
        if have != want:
            raise Failed('%s: slot %d holds %s, the last ATOMIC WRITE '
                         'posted to it %s' % (what, slot, have.hex(),
                                              want.hex()))


def client(args, peer, lay):
    side = AtomicSide(args, lay.total, ACCESS)
    side.to_init()
    remote = exchange(side, peer)
    # Packets that reach a QP not yet ready to receive are dropped.
    peer.get('ready')
    deadline = time.monotonic() + args.timeout
    last = {}
    try:
        for batch in range(args.batches):
            n, last = post_batch(side, args, lay, remote, batch)
            wait_in_order(side, n, deadline, 'batch %d' % batch)
            expect_slots(side.mr.read(lay.slot_area, 0), last,
                         'batch %d: the READ behind' % batch)
    except Exception as ex:
        # The server waits for the client's word: give it at once.
        peer.put('done', {'result': 'failed: %s' % ex})
        raise
    peer.put('done', {'result': 'ok',
                      'last': {str(k): v.hex() for k, v in last.items()}})
    print('atomic_write: %d batches of %d WRITE and ATOMIC WRITE pairs, '
          'the READ behind each found the last values'
          % (args.batches, args.batch))
    return 0


def server(args, peer, lay):
    side = AtomicSide(args, lay.total, ACCESS)
    side.mr.write(bytes(lay.total), lay.total, 0)
    side.to_init()
    mine = side.address(random.getrandbits(24))
    mine.update({'addr': side.mr.buf, 'rkey': side.mr.rkey})
    peer.put('qp', mine)
    side.connect(mine, peer.get('qp'))
    peer.put('ready', {})
    peer.wait_s = args.timeout + args.wait
    done = peer.get('done')
    if done['result'] != 'ok':
        print('atomic_write: the client %s' % done['result'])
        return 0
    last = {int(k): bytes.fromhex(v) for k, v in done['last'].items()}
    expect_slots(side.mr.read(lay.slot_area, 0), last, 'server')
    final = last_write_batch(args)
    for i in range(args.batch):
        if side.mr.read(args.size, lay.bulk_at(i)) != \
           bulk_bytes(args, final, i):
            raise Failed('server: WRITE %d of batch %d: other bytes'
                         % (i, final))
    print('atomic_write: slots and the last WRITEs intact')
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_peer_args(ap, 120, 'seconds for all the batches')
    ap.add_argument('--batches', type=int, default=40)
    ap.add_argument('--batch', type=int, default=16,
                    help='WRITE and ATOMIC WRITE pairs per batch')
    ap.add_argument('--slots', type=int, default=2)
    ap.add_argument('--size', type=int, default=1024,
                    help='bytes of each WRITE')
    ap.add_argument('--seed', type=int, default=1)
    args = ap.parse_args()
    if not 0 < args.slots <= args.batch or args.batch > 60 or \
       not 0 < args.size or not 1 < args.batches < 1 << 16:
        ap.error('want 0 < slots <= batch <= 60, size > 0, '
                 '1 < batches < 65536')
    # Side sizes its send queue and CQ by --depth.
    args.depth = 2 * args.batch + 3
    lay = Layout(args)
    random.seed(args.seed * 2 + (args.role == 'server'))
    peer = Peer(args)
    run = server if args.role == 'server' else client
    return exit_status('atomic_write', lambda: run(args, peer, lay))


if __name__ == '__main__':
    sys.exit(main())
