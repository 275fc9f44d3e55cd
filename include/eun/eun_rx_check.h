/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The receive side's checks of an ooo request packet (EUN_WRITE,
 * EUN_SEND): every decision rx/ takes on a field the wire gives, on plain
 * integers copied from the packet, the QP, its receive WQE and its MR, so
 * that KUnit and the harness's fuzzer drive the very functions the module
 * calls. The glue looks up what only rxe can (the MR of an rkey, the
 * receive WQE of a message) between the steps.
 *
 * The steps, in the order the glue takes them:
 *
 * 1. eun_rxc_parse(): the lengths of the frame, EUNH, and the payload's
 *    place in its message (every packet but the last carries one MTU, its
 *    offset its index times the MTU);
 * 2. eun_rxc_psn(): the PSN against the expected PSN and the window a
 *    sender keeps (max_inflight);
 * 3. for a message that completes into a receive WQE (SEND, WRITE with
 *    immediate): eun_rxc_recv_slot(), the WQE its message sequence number
 *    names, if posted; for a SEND eun_rxc_recv_target(), the message
 *    against that WQE;
 * 4. for a WRITE: eun_rxc_write_target(), the RETH against EUNH and the
 *    QP's rights, then eun_rxc_range(), the target against the MR the
 *    rkey names.
 *
 * eun_rxc_sge_take() then walks a SEND's payload over the WQE's SGEs.
 */
#ifndef EUN_RX_CHECK_H
#define EUN_RX_CHECK_H

#include <linux/types.h>

#include "eun/eun_wire.h"

/* Bytes of the ICRC that ends every RoCEv2 packet (rxe's RXE_ICRC_SIZE). */
#define EUN_ICRC_LEN		4

/**
 * enum eun_rxc_verdict - what the receive side does with a request packet
 * @EUN_RXC_OK: this step passed: go on to the next
 * @EUN_RXC_EMPTY: a WRITE packet of no bytes: nothing to place, no rkey
 *	to check (C9-88), go on as if placed
 * @EUN_RXC_MALFORMED: lengths or EUNH wrong: dropped, counted
 * @EUN_RXC_DUPLICATE: before the expected PSN: acknowledged again
 * @EUN_RXC_OUTSIDE: beyond any sender's window: dropped, NACK CAP
 * @EUN_RXC_RNR: no receive WQE posted for its message: NACK RNR
 * @EUN_RXC_INVALID: the RETH disagrees with EUNH, or a SEND longer than
 *	its WQE (or the WQE has more SGEs than the QP allows): NACK INVALID
 * @EUN_RXC_ACCESS: rights, rkey or range refuse the WRITE: NACK ACCESS
 * @EUN_RXC_VERDICT_COUNT: number of verdicts
 */
enum eun_rxc_verdict {
	EUN_RXC_OK,
	EUN_RXC_EMPTY,
	EUN_RXC_MALFORMED,
	EUN_RXC_DUPLICATE,
	EUN_RXC_OUTSIDE,
	EUN_RXC_RNR,
	EUN_RXC_INVALID,
	EUN_RXC_ACCESS,
	EUN_RXC_VERDICT_COUNT
};

/**
 * struct eun_rxc_frame - a request packet's frame, as rxe received it
 * @paylen: bytes from the BTH to the end of the packet, ICRC included
 *	(rxe's pkt->paylen)
 * @pad: the BTH's pad count
 * @hdr_len: bytes of the opcode's headers, BTH up to and with EUNH's
 *	fixed part (rxe_opcode[].length)
 * @mtu: the QP's path MTU
 * @is_write: EUN_WRITE (else EUN_SEND)
 */
struct eun_rxc_frame {
	u32 paylen;
	u32 pad;
	u32 hdr_len;
	u32 mtu;
	bool is_write;
};

/**
 * struct eun_rxc_pkt - a request packet parsed
 * @eh: its EUNH
 * @data_off: where its payload starts, in bytes from the BTH
 * @len: payload bytes
 */
struct eun_rxc_pkt {
	struct eun_ext_hdr eh;
	u32 data_off;
	u32 len;
};

/**
 * struct eun_rxc_write - a WRITE packet against its QP
 * @reth_va: the RETH's address of the message
 * @reth_len: the RETH's length of the message
 * @msg_len: EUNH's length of the message
 * @offset: EUNH's offset of this packet's payload in the message
 * @len: payload bytes
 * @remote_write: the QP allows remote writes
 */
struct eun_rxc_write {
	u64 reth_va;
	u32 reth_len;
	u32 msg_len;
	u32 offset;
	u32 len;
	bool remote_write;
};

/**
 * enum eun_rxc_mr_kind - how an MR bounds a remote access
 * @EUN_RXC_MR_ANY: a DMA MR: all memory, no range
 * @EUN_RXC_MR_RANGE: [iova, iova + length)
 * @EUN_RXC_MR_NONE: a kind rxe cannot access remotely
 */
enum eun_rxc_mr_kind {
	EUN_RXC_MR_ANY,
	EUN_RXC_MR_RANGE,
	EUN_RXC_MR_NONE,
};

/**
 * struct eun_rxc_mr - the MR an rkey names
 * @kind: how it bounds an access
 * @iova: its first address (EUN_RXC_MR_RANGE)
 * @length: its length in bytes (EUN_RXC_MR_RANGE)
 */
struct eun_rxc_mr {
	enum eun_rxc_mr_kind kind;
	u64 iova;
	u64 length;
};

/**
 * struct eun_rxc_recv - the receive queue against a message's number
 * @msg_seq: EUNH's message sequence number
 * @head_seq: the hold queue's next completion (the oldest WQE's number)
 * @hq_cap: messages the hold queue holds
 * @posted: receive WQEs posted and not yet completed
 */
struct eun_rxc_recv {
	u32 msg_seq;
	u32 head_seq;
	u32 hq_cap;
	u32 posted;
};

enum eun_rxc_verdict eun_rxc_parse(const struct eun_rxc_frame *f,
				   const u8 *hdr, struct eun_rxc_pkt *p);
enum eun_rxc_verdict eun_rxc_psn(u32 epsn, u32 psn, u32 max_inflight);
enum eun_rxc_verdict eun_rxc_recv_slot(const struct eun_rxc_recv *r,
				       u32 *ahead);
enum eun_rxc_verdict eun_rxc_recv_target(u32 msg_len, u32 wqe_len,
					 u32 wqe_num_sge, u32 max_sge);
enum eun_rxc_verdict eun_rxc_write_target(const struct eun_rxc_write *w,
					  u64 *va);
enum eun_rxc_verdict eun_rxc_range(const struct eun_rxc_mr *mr, u64 va,
				   u32 len);
u32 eun_rxc_sge_take(u32 sge_len, u32 *offset, u32 len, u32 *at);
enum eun_nack_reason eun_rxc_nack_reason(enum eun_rxc_verdict v);
const char *eun_rxc_verdict_name(enum eun_rxc_verdict v);

#endif /* EUN_RX_CHECK_H */
