/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Completion hold queue of the rxe_eun receiver.
 *
 * Packets of SEND and WRITE-with-immediate messages are placed as they
 * arrive, in any order, but their completions must come out in posted
 * order and only once every packet of the message and of every earlier
 * message is in. The queue records what the packets tell about each
 * message (keyed by its 24-bit message sequence number, which is also the
 * receive-WQE sequence number) and hands out completions in sequence order
 * against the cumulative expected PSN of the reorder bitmap. Plain WRITEs
 * never enter it. No locks inside: the caller holds the QP's responder
 * lock around every call. No allocation after eun_holdq_init().
 */
#ifndef EUN_HOLDQ_H
#define EUN_HOLDQ_H

#include <linux/types.h>

#include "eun/eun_psn.h"

/* Message sequence numbers wrap in 24 bits, as PSNs do. */
#define EUN_HQ_SEQ_BITS		EUN_PSN_BITS
#define EUN_HQ_SEQ_MASK		EUN_PSN_MASK
/* Largest window, in messages; a capacity must be a power of two. */
#define EUN_HQ_MAX_CAP		4096
/* A packet index must leave room for the message inside half the PSNs. */
#define EUN_HQ_MAX_INDEX	(EUN_PSN_HALF - 1)

/**
 * enum eun_hq_kind - what completion a message produces at the receiver
 * @EUN_HQ_SEND: SEND, no immediate
 * @EUN_HQ_SEND_IMM: SEND with immediate data
 * @EUN_HQ_SEND_INV: SEND with invalidate (@imm holds the rkey)
 * @EUN_HQ_WRITE_IMM: RDMA WRITE with immediate data
 * @EUN_HQ_KIND_COUNT: number of kinds
 */
enum eun_hq_kind {
	EUN_HQ_SEND,
	EUN_HQ_SEND_IMM,
	EUN_HQ_SEND_INV,
	EUN_HQ_WRITE_IMM,
	EUN_HQ_KIND_COUNT
};

/**
 * enum eun_hq_note - how eun_holdq_note() took a packet
 * @EUN_HQ_NOTED: recorded; the message is (or stays) held
 * @EUN_HQ_DUPLICATE: nothing new: the last packet of a message seen
 *	before, or a packet of a message already completed
 * @EUN_HQ_NOTE_COUNT: number of answers
 */
enum eun_hq_note {
	EUN_HQ_NOTED,
	EUN_HQ_DUPLICATE,
	EUN_HQ_NOTE_COUNT
};

/**
 * struct eun_holdq_pkt - one arriving packet of a message with a completion
 * @msg_seq: message (receive-WQE) sequence number, 24 bits
 * @psn: the packet's PSN
 * @pkt_index: index of the packet in its message (0 for the first), so
 *	the message starts at @psn - @pkt_index
 * @is_last: the packet carries the LAST flag; the fields below are read
 *	only then
 * @kind: completion kind
 * @has_imm: @imm is valid
 * @imm: immediate data (or invalidated rkey), opaque to the queue
 * @byte_len: total length of the message in bytes
 * @cookie: opaque to the queue, returned with the completion
 */
struct eun_holdq_pkt {
	u32 msg_seq;
	u32 psn;
	u32 pkt_index;
	bool is_last;
	enum eun_hq_kind kind;
	bool has_imm;
	u32 imm;
	u32 byte_len;
	u64 cookie;
};

/**
 * struct eun_holdq_done - a completion released in posted order
 * @msg_seq: message sequence number
 * @first_psn: PSN of the message's first packet
 * @last_psn: PSN of its last packet
 * @kind: completion kind
 * @has_imm: @imm is valid
 * @imm: immediate data from the last packet
 * @byte_len: total length from the last packet
 * @cookie: cookie from the last packet
 */
struct eun_holdq_done {
	u32 msg_seq;
	u32 first_psn;
	u32 last_psn;
	enum eun_hq_kind kind;
	bool has_imm;
	u32 imm;
	u32 byte_len;
	u64 cookie;
};

/**
 * struct eun_holdq_ent - what is known of one held message (internal)
 * @first_psn: first PSN of the message (valid when in use)
 * @hi_psn: highest PSN noted; the last PSN once @last_known
 * @byte_len: from the last packet
 * @imm: from the last packet
 * @cookie: from the last packet
 * @in_use: at least one packet noted
 * @last_known: the last packet was noted
 * @has_imm: from the last packet
 * @kind: from the last packet (&enum eun_hq_kind)
 */
struct eun_holdq_ent {
	u32 first_psn;
	u32 hi_psn;
	u32 byte_len;
	u32 imm;
	u64 cookie;
	bool in_use;
	bool last_known;
	bool has_imm;
	u8 kind;
};

/**
 * struct eun_holdq_stats - figures of one hold queue
 * @held: messages with at least one packet noted, not yet completed
 * @peak: highest @held since init or reset
 * @notes: packets per &enum eun_hq_note
 * @rejected: packets refused with -ERANGE (message outside the window)
 * @malformed: packets refused with -EPROTO or -EINVAL
 * @completed: completions handed out by eun_holdq_pop()
 */
struct eun_holdq_stats {
	u32 held;
	u32 peak;
	u64 notes[EUN_HQ_NOTE_COUNT];
	u64 rejected;
	u64 malformed;
	u64 completed;
};

/**
 * struct eun_holdq - completion hold queue of one receive queue
 * @ent: @cap entries, message sequence s in slot s & (@cap - 1)
 * @cap: window size in messages, a power of two
 * @head_seq: sequence number of the next completion to hand out; the
 *	window is [@head_seq, @head_seq + @cap)
 * @stats: figures
 */
struct eun_holdq {
	struct eun_holdq_ent *ent;
	u32 cap;
	u32 head_seq;
	struct eun_holdq_stats stats;
};

int eun_holdq_init(struct eun_holdq *q, u32 cap, u32 first_seq);
void eun_holdq_destroy(struct eun_holdq *q);
int eun_holdq_reset(struct eun_holdq *q, u32 first_seq);
int eun_holdq_check(const struct eun_holdq *q, const struct eun_holdq_pkt *p);
int eun_holdq_note(struct eun_holdq *q, const struct eun_holdq_pkt *p);
bool eun_holdq_pop(struct eun_holdq *q, u32 epsn, struct eun_holdq_done *out);
const char *eun_holdq_note_name(enum eun_hq_note n);

/**
 * eun_holdq_head_seq() - sequence number of the next completion
 * @q: hold queue
 *
 * Return: the first message sequence number not yet completed.
 */
static inline u32 eun_holdq_head_seq(const struct eun_holdq *q)
{
	return q->head_seq;
}

/**
 * eun_holdq_in_window() - whether a message sequence number can be held now
 * @q: hold queue
 * @msg_seq: message sequence number
 *
 * Return: true if @msg_seq lies in [head, head + capacity).
 */
static inline bool eun_holdq_in_window(const struct eun_holdq *q, u32 msg_seq)
{
	return eun_psn_dist(q->head_seq, msg_seq) < q->cap;
}

#endif /* EUN_HOLDQ_H */
