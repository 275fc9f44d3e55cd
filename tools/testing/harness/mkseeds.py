#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write the seed corpus of the harness's libFuzzer targets.

    tools/testing/harness/mkseeds.py        # rewrites corpus/<target>/

Each target gets a few small inputs laid out as its fuzz.c-style header
comment describes, so that a run starts from sessions, streams and
packets that reach deep (in order, reordered, across the 2^24 PSN wrap,
resets) rather than from empty bytes. fuzz_wire's seeds are the golden
EUNH and EUN_ACK bytes of Documentation/wire-format.rst. The output is
deterministic: rerun it after changing an input layout and commit the
result; fuzz.sh reads corpus/<target>/ as a read-only seed directory.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, '..', '..', '..'))


def le(v, n):
    return bytes((v >> (8 * i)) & 0xff for i in range(n))


def seeds_fuzz():
    """7 bytes of configuration, then (op, b1, b2) per arrival."""
    near_wrap = bytes([0xf0, 0xff, 0xff])
    in_order = bytes([0x00, 8, 0]) * 24
    reordered = b''.join(bytes([0x00, 8 + d, 0]) for d in (3, 1, 2, 0, 5, 4, 0, 0))
    far = bytes([0x80, 0x00, 0x01, 0x80, 0x10, 0x00, 0x00, 8, 0])
    dup_close = bytes([0x40, 2, 0, 0x60, 5, 0, 0x00, 8, 0])
    return {
        'hd-in-order-wrap': bytes([0x00, 0x01, 0x01, 0x00]) + near_wrap + in_order,
        'static-reordered': bytes([0x01, 0x06, 0x02, 0x01, 0, 0, 0]) + reordered * 3,
        'paper-far-dup': bytes([0x42, 0x03, 0x03, 0x03]) + near_wrap + far + dup_close,
    }


def golden_blocks():
    """The EUNH (+IMMDT) and EUN_ACK bytes of the document's examples."""
    doc = os.path.join(REPO, 'Documentation', 'wire-format.rst')
    blocks, cur = [], None
    for line in open(doc, encoding='utf-8'):
        m = re.match(r'\s+(BTH|RETH|AETH|EUNH|IMMDT|ACK)?\s+((?:[0-9a-f]{2}\s*)+)$', line)
        if not m:
            cur = None
            continue
        name, data = m.group(1), bytes.fromhex(m.group(2).replace(' ', ''))
        if name in ('EUNH', 'ACK'):
            cur = [name, bytearray(data)]
            blocks.append(cur)
        elif name == 'IMMDT' or (name is None and cur):
            cur[1] += data
        else:
            cur = None
    return blocks


def seeds_fuzz_wire():
    """Byte 0 even: EUNH, odd: EUN_ACK payload; then the bytes."""
    out = {}
    for i, (name, data) in enumerate(golden_blocks()):
        sel = b'\x00' if name == 'EUNH' else b'\x01'
        out['golden-%d-%s' % (i, name.lower())] = sel + bytes(data)
    if not out:
        sys.exit('mkseeds.py: no golden packets in wire-format.rst')
    return out


def seeds_hq_fuzz():
    """8 bytes of stream PRNG seed, configuration, then the choices."""
    return {
        'in-order': le(1, 8) + bytes([0, 40, 0, 0, 0, 0, 8, 0, 0, 0]) + bytes(64),
        'wrap-reordered': le(0x5eed, 8) + bytes([1, 200, 1, 0xff, 1, 0xff, 4, 3, 1, 2]) +
        bytes([3, 1, 7, 2, 0, 5, 9, 4, 0, 1] * 8),
        'few-slots-aged': le(42, 8) + bytes([2, 90, 0, 7, 0, 9, 0, 6, 0, 1]) +
        bytes([6, 0, 2, 0, 250, 1, 0, 3] * 8),
    }


def seeds_sbfuzz():
    """3 bytes of configuration, then (op, b1, b2, b3) per operation."""
    sends = bytes([0x00, 0, 0, 0]) * 12
    ack_all = bytes([0x24, 12, 0, 0])
    sack = bytes([0x14, 2, 2, 0x5a])
    loss = bytes([0xe9, 0, 0, 0, 0x0a, 0, 0, 0, 0x0c, 0, 0, 0])
    return {
        'send-ack': bytes([2, 0, 0]) + sends + ack_all,
        'wrap-sack-loss': bytes([0, 3, 0]) + sends + sack + loss + bytes([0x0d, 1, 0, 0]),
        'nack-widen-reset': bytes([5, 0xff, 0xff]) + sends + bytes([0x0b, 2, 1, 0, 0x0e, 0, 0, 0,
                                                                   0x0f, 9, 0, 0]) + sends,
    }


def seeds_rdfuzz():
    """8 bytes of probe PRNG seed, then op bytes and their choices."""
    return {
        'steps': le(7, 8) + bytes(48),
        'wrap-reordered': le(99, 8) + bytes([0, 10, 0x10, 0x0b, 90, 40, 6, 0, 7, 3, 7, 1,
                                             7, 2, 0x2c, 0, 10, 0, 7, 0, 11, 1, 5, 0,
                                             7, 0, 13, 0, 0, 0, 7, 0, 14, 0, 15, 3, 1, 2]),
        'stray-timer': le(3, 8) + bytes([6, 2, 0, 11, 0, 128, 2, 0, 11, 1, 3, 4, 1,
                                         0xfc, 10, 0, 12, 0xcc, 0, 7, 0]),
    }


def seeds_rofuzz():
    """Byte 0 even: a stream (size, first PSN, lengths, deliveries); odd: raw."""
    stream = bytes([0, 0x87, 0x04]) + bytes([2, 3, 1, 6, 5, 1, 0x82])
    order = bytes([2, 1, 4, 0, 3, 6, 5])
    resent = bytes([0x80 | 6, 7, 0x80 | 4, 1, 250, 0x85, 2]) + bytes([3, 1, 5, 4])
    raw = bytes([0x01])
    for op in (0x80, 0x81, 0xa0, 0x82, 0x83, 0x84, 0xc2, 0x06, 0x05):
        raw += bytes([op, 0x00, 0x10, 0x20, 3])
    return {
        'stream-reordered': stream + order,
        'stream-resent-reset': stream + resent,
        'raw-nonsense': raw + bytes([0x00, 0xff, 0xff, 0xff, 9]),
    }


def rxfuzz_qp(max_inflight=0x01, posted=8, flags=0x09):
    """rq_qp_make(): MTU 1024, epsn 0xfffffd, head_seq 0, an MR of 16 KiB
    at 0x1000 (flags: remote write, rkey valid, a ranged MR), SGEs of 1024
    and 2048 bytes, a WQE of 3072."""
    return (bytes([2, 0x08, max_inflight, 0x01, 0x00, 15, posted, 4, flags]) +
            bytes([0x01, 0x10, 0x00, 0x01, 0x40, 0x00, 2]) +
            bytes([0x01, 0x04, 0x00, 0x01, 0x08, 0x00]) + bytes(8) +
            bytes([0x00, 0x0c, 0x00]))


def rxfuzz_pkt(sel, psn_delta, index_sel, index=b'', len_sel=0x00, tail=b''):
    """rq_pkt_make(): a message of 3072 bytes (3 MTUs), msg_seq at the
    oldest WQE, the RETH at the MR with the message's length."""
    return (bytes([sel, 0x01, psn_delta & 0xff, 0x01, 0x03, 0x00, index_sel]) + index +
            bytes([8, 0x05, len_sel]) + tail + bytes([0x00, 0x00, 0x01]))


def seeds_rxfuzz():
    """Byte 0 even: request cases (QP, then packet); odd: EUN_ACK exchanges."""
    write_last = rxfuzz_qp() + rxfuzz_pkt(0x01, 3, 0x01)
    send_mid = rxfuzz_qp() + rxfuzz_pkt(0x00, 4, 0x02, b'\x01')
    cut_raw = (rxfuzz_qp() + rxfuzz_pkt(0x71, 0, 0x01, tail=bytes([0x40, 0x00, 0x00, 0x07,
                                                                 0x00, 0x00, 0x01, 0x00, 9])))
    window = (rxfuzz_qp(max_inflight=0x00) + rxfuzz_pkt(0x01, 1, 0x01) +
              rxfuzz_qp() + rxfuzz_pkt(0x00, 0xfe, 0x01))
    # tx_start(): 64 slots from 0xfffffe, the ooo format, 20 PSNs out.
    sender = bytes([0x01, 3, 2, 0x04, 0x01, 20])
    sack = (bytes([0x10, 0x00, 5, 0x01, 0x02, 0x01, 3, 1, 0x01]) +
            bytes([0xa5, 0x5a, 0, 0, 0, 0, 0, 0x0f]) + bytes([0x1f, 4]))
    nack_cap = bytes([0x00, 0x08, 0, 0x01, 0x00, 0xff, 0, 0, 0x01, 0x03, 0, 0x21])
    nack_mode_far = bytes([0x00, 0x08, 0, 0x01, 0x00, 0xff, 0, 5, 0x01, 0x7f, 0, 0])
    raw = bytes([0x03, 20]) + bytes([0x41, 0, 0, 0, 1, 0, 0, 0, 0xff, 0, 0, 0, 0, 0, 0, 0,
                                     0xff, 0, 0, 0]) + bytes([0x01, 0x00])
    return {
        'write-last-wrap': b'\x00' + write_last,
        'send-middle-sges': b'\x00' + send_mid,
        'raw-eunh-cut': b'\x00' + cut_raw,
        'outside-and-duplicate': b'\x00' + window,
        'acks-sack-nack': sender + sack + nack_cap + raw,
        'acks-stray-mode': sender + nack_mode_far + sack,
    }


TARGETS = {
    'fuzz': seeds_fuzz,
    'fuzz_wire': seeds_fuzz_wire,
    'hq_fuzz': seeds_hq_fuzz,
    'sbfuzz': seeds_sbfuzz,
    'rdfuzz': seeds_rdfuzz,
    'rofuzz': seeds_rofuzz,
    'rxfuzz': seeds_rxfuzz,
}


def main():
    for target, make in TARGETS.items():
        d = os.path.join(HERE, 'corpus', target)
        os.makedirs(d, exist_ok=True)
        for old in os.listdir(d):
            os.unlink(os.path.join(d, old))
        for name, data in make().items():
            with open(os.path.join(d, name), 'wb') as f:
                f.write(data)


if __name__ == '__main__':
    main()
