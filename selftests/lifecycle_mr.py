#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Memory and QPs going away while the peer's packets are in flight.

Run by selftests/lifecycle_traffic.sh in both guests, one RC QP each,
connected by hand: each side writes its QP's address to a file of the
bed's shared folder (--sync) and reads the other's. Cases (--case):

  mr     the client keeps --depth WRITEs of --size bytes in flight into
         the server's MR; once the server's device holds a last packet
         (rxe_eun_wsync_slots_in_use > 0; with --when traffic: once 200
         packets came) the server deregisters the MR.
  mw     the same through a type 2 memory window bound to the MR; the
         server invalidates the window (LOCAL_INV) instead.
  mr-cut as mr, but the server takes its link down first, so that the
         holes before the held packets never fill while it deregisters
         the MR: the deregistration must not wait for them (DEREG_S),
         the client's WRITEs fail once their retries run out. The link
         comes up again after.
  reset  --rounds rounds of SENDs from the client, every byte checked;
         between rounds both QPs go to RESET and are connected again
         with new PSNs.

In mr and mw the client must see a WRITE fail (a completion in error)
after the act, and every later one flush within FLUSH_S; the server must
have acted within --timeout. Exit status
0 when the case went as it must, 1 when it did not (a message on
stderr), 3 when a wait ran out.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

import pyverbs.enums as e
from pyverbs.addr import AHAttr, GID, GlobalRoute
from pyverbs.cq import CQ
from pyverbs.device import Context
from pyverbs.mr import MR, MW, MWBindInfo
from pyverbs.pd import PD
from pyverbs.qp import QP, QPAttr, QPCap, QPInitAttr
from pyverbs.wr import SGE, RecvWR, SendWR

WAIT_POLL_S = 0.002
# After a WRITE fails, the QP is in error: the rest must flush at once.
FLUSH_S = 10
# Deregistration never waits for a held packet (rxe gives up on a
# reference after 50 s, and warns).
DEREG_S = 5


class Failed(Exception):
    pass


class TimedOut(Exception):
    pass


class Peer:
    """The files this side and the other write in the shared folder."""

    def __init__(self, args):
        self.dir = args.sync
        self.tag = args.tag
        self.role = args.role
        self.other = 'client' if args.role == 'server' else 'server'
        self.wait_s = args.wait

    def _path(self, role, what):
        return os.path.join(self.dir, '%s.%s.%s' % (self.tag, what, role))

    def put(self, what, obj):
        os.makedirs(self.dir, exist_ok=True)
        path = self._path(self.role, what)
        with open(path + '.tmp', 'w') as f:
            json.dump(obj, f)
        os.rename(path + '.tmp', path)

    def get(self, what):
        path = self._path(self.other, what)
        end = time.monotonic() + self.wait_s
        while not os.path.exists(path):
            if time.monotonic() > end:
                raise TimedOut('no %s from the %s after %d s'
                               % (what, self.other, self.wait_s))
            time.sleep(0.05)
        with open(path) as f:
            return json.load(f)


class Side:
    """One RC QP, its CQ and a registered buffer."""

    # What the peer may do to this side, and its READs and atomics out.
    qp_access = e.IBV_ACCESS_REMOTE_WRITE | e.IBV_ACCESS_LOCAL_WRITE
    rd_atomic = 1

    def __init__(self, args, size, access):
        self.args = args
        self.ctx = Context(name=args.dev)
        self.pd = PD(self.ctx)
        self.cq = CQ(self.ctx, 4 * args.depth + 8)
        self.mr = MR(self.pd, size, access)
        cap = QPCap(max_send_wr=args.depth + 2, max_recv_wr=args.depth + 2)
        self.qp = self.make_qp(cap)
        self.gid = str(self.ctx.query_gid(1, args.gid))
        self.counters = '/sys/class/infiniband/%s/ports/1/hw_counters' % args.dev

    def make_qp(self, cap):
        init = QPInitAttr(qp_type=e.IBV_QPT_RC, scq=self.cq, rcq=self.cq,
                          cap=cap)
        return QP(self.pd, init, QPAttr(port_num=1))

    def counter(self, name):
        with open(os.path.join(self.counters, name)) as f:
            return int(f.read())

    def address(self, psn):
        return {'qpn': self.qp.qp_num, 'gid': self.gid, 'psn': psn}

    def to_init(self):
        attr = QPAttr(qp_state=e.IBV_QPS_INIT, port_num=1)
        attr.pkey_index = 0
        attr.qp_access_flags = self.qp_access
        self.qp.modify(attr, e.IBV_QP_STATE | e.IBV_QP_PKEY_INDEX |
                       e.IBV_QP_PORT | e.IBV_QP_ACCESS_FLAGS)

    def connect(self, mine, peer):
        attr = QPAttr(port_num=1)
        attr.path_mtu = e.IBV_MTU_1024
        attr.dest_qp_num = peer['qpn']
        attr.sq_psn = mine['psn']
        attr.rq_psn = peer['psn']
        attr.max_rd_atomic = self.rd_atomic
        attr.max_dest_rd_atomic = self.rd_atomic
        attr.min_rnr_timer = 1
        attr.timeout = self.args.ack_timeout
        attr.retry_cnt = 7
        attr.rnr_retry = 7
        gr = GlobalRoute(dgid=GID(peer['gid']), sgid_index=self.args.gid)
        attr.ah_attr = AHAttr(port_num=1, is_global=1, gr=gr)
        attr.qp_access_flags = self.qp_access
        self.qp.to_rts(attr)

    def reset(self):
        self.qp.modify(QPAttr(qp_state=e.IBV_QPS_RESET), e.IBV_QP_STATE)

    def poll(self, want, deadline):
        """Up to @want completions; raise TimedOut past @deadline."""
        while True:
            n, wcs = self.cq.poll(want)
            if n:
                return wcs[:n]
            if time.monotonic() > deadline:
                raise TimedOut('no completion within the bound')
            time.sleep(0.001)


def pattern(seed, length):
    rnd = random.Random(seed)
    return rnd.randbytes(length)


def exchange(side, peer):
    """Swap QP addresses and connect; the peer's is returned."""
    mine = side.address(random.getrandbits(24))
    peer.put('qp', mine)
    theirs = peer.get('qp')
    side.connect(mine, theirs)
    return theirs


def bind_mw(side, length, deadline):
    """A type 2 window over the MR, bound by a work request; its rkey."""
    mw = MW(side.pd, e.IBV_MW_TYPE_2)
    info = MWBindInfo(side.mr, side.mr.buf, length, e.IBV_ACCESS_REMOTE_WRITE)
    wr = SendWR(wr_id=1, opcode=e.IBV_WR_BIND_MW, num_sge=0)
    wr.set_bind_wr(mw, info)
    side.qp.post_send(wr)
    wc = side.poll(1, deadline)[0]
    if wc.status != e.IBV_WC_SUCCESS:
        raise Failed('bind of the window: status %d' % wc.status)
    return mw, wr.rkey


def invalidate(side, rkey, deadline):
    # The invalidated rkey shares the work request's union with imm_data.
    wr = SendWR(wr_id=2, opcode=e.IBV_WR_LOCAL_INV, num_sge=0, imm_data=rkey)
    side.qp.post_send(wr)
    wc = side.poll(1, deadline)[0]
    if wc.status != e.IBV_WC_SUCCESS:
        raise Failed('local invalidate of the window: status %d' % wc.status)


def wait_to_act(args, side, deadline):
    """Until a last packet is held (--when held) or the WRITEs flow."""
    if args.when == 'held':
        name, least, what = 'rxe_eun_wsync_slots_in_use', 1, \
            'no last packet held'
    else:
        name, what = 'rcvd_pkts', 'no traffic'
        least = side.counter(name) + 200
    while True:
        now = side.counter(name)
        if now >= least:
            return now if args.when == 'held' else 0
        if time.monotonic() > deadline:
            raise TimedOut('%s within %d s' % (what, args.timeout))
        time.sleep(WAIT_POLL_S)


def add_peer_args(ap, timeout, timeout_help):
    """The options of a script whose two sides connect their QPs by hand."""
    ap.add_argument('--role', choices=('server', 'client'), required=True)
    ap.add_argument('--dev', required=True)
    ap.add_argument('--gid', type=int, required=True)
    ap.add_argument('--sync', required=True, help='shared folder')
    ap.add_argument('--tag', required=True, help='names of its files')
    ap.add_argument('--wait', type=int, default=120,
                    help='seconds to wait for the peer at each step')
    ap.add_argument('--timeout', type=int, default=timeout, help=timeout_help)
    ap.add_argument('--ack-timeout', type=int, default=17)


def exit_status(name, run):
    """run()'s status; 1 when it failed, 3 when a wait ran out (said)."""
    try:
        return run()
    except Failed as ex:
        print('%s: %s' % (name, ex), file=sys.stderr)
        return 1
    except TimedOut as ex:
        print('%s: %s' % (name, ex), file=sys.stderr)
        return 3


def link(netdev, state):
    subprocess.run(['ip', 'link', 'set', netdev, state], check=True)


def server_held(args, peer):
    """Deregister the MR or invalidate the window while packets are held."""
    length = args.depth * args.size
    access = e.IBV_ACCESS_LOCAL_WRITE | e.IBV_ACCESS_REMOTE_WRITE
    if args.case == 'mw':
        access |= e.IBV_ACCESS_MW_BIND
    side = Side(args, length, access)
    side.to_init()
    exchange(side, peer)
    deadline = time.monotonic() + args.timeout
    rkey, mw = side.mr.rkey, None
    if args.case == 'mw':
        mw, rkey = bind_mw(side, length, deadline)
    peer.put('target', {'addr': side.mr.buf, 'rkey': rkey})
    held = wait_to_act(args, side, deadline)
    if args.case == 'mr-cut':
        link(args.netdev, 'down')
    t0 = time.monotonic()
    if args.case == 'mw':
        invalidate(side, rkey, deadline)
        what = 'window invalidated'
    else:
        side.mr.close()
        what = 'MR deregistered'
    took = time.monotonic() - t0
    if args.case == 'mr-cut':
        link(args.netdev, 'up')
        print('%s in %.3f s, %d last packets held, the link down'
              % (what, took, side.counter('rxe_eun_wsync_slots_in_use')))
        if took > DEREG_S:
            raise Failed('deregistration took %.1f s: it waited for a held '
                         'packet' % took)
    if args.when == 'held':
        print('%s with %d last packets held' % (what, held))
    else:
        print('%s under traffic' % what)
    done = peer.get('done')
    print('the client: %s' % done['result'])
    if mw is not None:
        mw.close()
    return 0


def client_held(args, peer):
    """WRITEs into the server's memory until one fails."""
    length = args.depth * args.size
    side = Side(args, length, e.IBV_ACCESS_LOCAL_WRITE)
    side.to_init()
    exchange(side, peer)
    target = peer.get('target')
    side.mr.write(pattern(args.seed, length), length, 0)
    # The server's time to act, and as much for the WRITEs to fail.
    deadline = time.monotonic() + 2 * args.timeout
    posted = done = ok = 0
    status = e.IBV_WC_SUCCESS
    while status == e.IBV_WC_SUCCESS:
        while posted - done < args.depth:
            slot = posted % args.depth
            sge = SGE(side.mr.buf + slot * args.size, args.size, side.mr.lkey)
            wr = SendWR(wr_id=posted, opcode=e.IBV_WR_RDMA_WRITE, num_sge=1,
                        sg=[sge], send_flags=e.IBV_SEND_SIGNALED)
            wr.set_wr_rdma(target['rkey'], target['addr'] + slot * args.size)
            side.qp.post_send(wr)
            posted += 1
        if time.monotonic() > deadline:
            raise Failed('%d WRITEs all completed, none failed in %d s'
                         % (done, 2 * args.timeout))
        for wc in side.poll(args.depth, deadline):
            done += 1
            if status == e.IBV_WC_SUCCESS:
                ok = done
                status = wc.status
    # The rest flush: a QP in error completes every WRITE it holds.
    flush_end = time.monotonic() + FLUSH_S
    try:
        while done < posted:
            done += len(side.poll(posted - done, flush_end))
    except TimedOut:
        raise Failed('%d of %d WRITEs completed %d s after the first failed'
                     % (done, posted, FLUSH_S))
    result = '%d WRITEs, %d completed, the first in error is #%d (status %d)' \
        % (posted, done, ok, status)
    peer.put('done', {'result': result})
    print(result)
    return 0


def reset_round(args, side, peer, rnd):
    """One round of SENDs from the client, after RESET if not the first."""
    deadline = time.monotonic() + args.timeout
    if rnd > 1:
        side.reset()
    side.to_init()
    if args.role == 'server':
        for m in range(args.depth):
            sge = SGE(side.mr.buf + m * args.size, args.size, side.mr.lkey)
            side.qp.post_recv(RecvWR(wr_id=m, num_sge=1, sg=[sge]))
    exchange(side, peer)
    peer.put('rtr%d' % rnd, {})
    peer.get('rtr%d' % rnd)
    if args.role == 'client':
        for m in range(args.depth):
            side.mr.write(pattern(args.seed * 1000 + rnd * 100 + m,
                                  args.size), args.size, m * args.size)
            sge = SGE(side.mr.buf + m * args.size, args.size, side.mr.lkey)
            side.qp.post_send(SendWR(wr_id=m, opcode=e.IBV_WR_SEND, num_sge=1,
                                     sg=[sge], send_flags=e.IBV_SEND_SIGNALED))
    got = []
    while len(got) < args.depth:
        got += side.poll(args.depth - len(got), deadline)
    for m, wc in enumerate(got):
        if wc.status != e.IBV_WC_SUCCESS or wc.wr_id != m:
            raise Failed('round %d: completion %d: wr_id %d status %d'
                         % (rnd, m, wc.wr_id, wc.status))
        if args.role == 'server':
            want = pattern(args.seed * 1000 + rnd * 100 + m, args.size)
            if wc.byte_len != args.size or \
               side.mr.read(args.size, m * args.size) != want:
                raise Failed('round %d: message %d: %d bytes, or other bytes'
                             % (rnd, m, wc.byte_len))
    # Neither side resets before both have every completion.
    peer.put('round%d' % rnd, {})
    peer.get('round%d' % rnd)
    print('round %d: %d messages of %d bytes' % (rnd, args.depth, args.size))


def run_reset(args, peer):
    side = Side(args, args.depth * args.size, e.IBV_ACCESS_LOCAL_WRITE)
    for rnd in range(1, args.rounds + 1):
        # Each round's files are its own.
        peer.tag = '%s-r%d' % (args.tag, rnd)
        reset_round(args, side, peer, rnd)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_peer_args(ap, 60, 'seconds for the traffic of a case or round')
    ap.add_argument('--case', choices=('mr', 'mw', 'mr-cut', 'reset'),
                    required=True)
    ap.add_argument('--netdev', help='mr-cut: the link to cut')
    ap.add_argument('--size', type=int, default=65536)
    ap.add_argument('--depth', type=int, default=8)
    ap.add_argument('--rounds', type=int, default=3)
    ap.add_argument('--when', choices=('held', 'traffic'), default='held',
                    help='mr, mw: act once a last packet is held, or once '
                    '200 packets came')
    ap.add_argument('--seed', type=int, default=1)
    args = ap.parse_args()
    random.seed(args.seed * 2 + (args.role == 'server'))
    peer = Peer(args)
    return exit_status('lifecycle_mr', lambda: run_case(args, peer))


def run_case(args, peer):
    if args.case == 'reset':
        return run_reset(args, peer)
    if args.role == 'server':
        return server_held(args, peer)
    try:
        return client_held(args, peer)
    except (Failed, TimedOut) as ex:
        # The server waits for the client's word: give it at once.
        peer.put('done', {'result': 'failed: %s' % ex})
        raise


if __name__ == '__main__':
    sys.exit(main())
