/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The requester's side of a READ whose response packets are placed as they
 * arrive: which packets belong to it, when the missing ones count as lost,
 * and which range a re-request asks for. Which PSNs arrived is the reorder
 * bitmap's (eun_bitmap.h); this is the pure rest of comp/eun_comp_read.c,
 * free of rxe types so that KUnit drives the very functions the module
 * calls.
 */
#ifndef EUN_READ_H
#define EUN_READ_H

#include <linux/types.h>

/* Quiet time after which missing responses count as lost, at first. */
#define EUN_RD_REO_INIT_NS	(4 * 1000 * 1000ULL)
/* A spurious re-request doubles it, up to this. */
#define EUN_RD_REO_MAX_NS	(64 * 1000 * 1000ULL)
/*
 * With nothing coming since the request or a re-request, the wait is
 * EUN_RD_BLIND_SHIFT doublings of the window, one more per unanswered
 * re-request, and after EUN_RD_MAX_BLIND of those only rxe's retransmit
 * timer asks again (and counts its retries).
 */
#define EUN_RD_BLIND_SHIFT	2
#define EUN_RD_MAX_BLIND	6

/**
 * enum eun_rd_kind - which READ response opcode a packet carries
 * @EUN_RD_FIRST: READ_RESPONSE_FIRST
 * @EUN_RD_MIDDLE: READ_RESPONSE_MIDDLE
 * @EUN_RD_LAST: READ_RESPONSE_LAST (also the end of a re-requested range)
 * @EUN_RD_ONLY: READ_RESPONSE_ONLY (also a re-request of the first packet)
 */
enum eun_rd_kind {
	EUN_RD_FIRST,
	EUN_RD_MIDDLE,
	EUN_RD_LAST,
	EUN_RD_ONLY,
};

/**
 * struct eun_rd - the READ a requester tracks (one at a time)
 * @active: a READ is tracked
 * @first_psn: PSN of its first response packet
 * @last_psn: PSN of its last response packet
 * @len: bytes it reads
 * @seen: a response packet has arrived
 * @max_psn: the highest response PSN that arrived, placed or not (when
 *	@seen)
 * @quiet_from_ns: when the request went, the latest new response arrived
 *	or the latest re-request went
 * @armed: a new response arrived since the request or the latest
 *	re-request: the missing ones count as lost once quiet lasts
 *	@reo_wnd_ns
 * @unanswered: re-requests since the latest new response
 * @rereq_out: a re-request went and no second copy of its first PSN came
 *	(kept across READs: the copy may come late)
 * @rereq_first: that first PSN: missing when the re-request went, so a
 *	second copy of it proves the re-request spurious
 * @reo_wnd_ns: quiet time after which missing responses count as lost;
 *	kept from one READ to the next
 */
struct eun_rd {
	bool active;
	u32 first_psn;
	u32 last_psn;
	u32 len;
	bool seen;
	u32 max_psn;
	u64 quiet_from_ns;
	bool armed;
	u8 unanswered;
	bool rereq_out;
	u32 rereq_first;
	u64 reo_wnd_ns;
};

void eun_rd_init(struct eun_rd *rd);
int eun_rd_start(struct eun_rd *rd, u32 first_psn, u32 len, u32 mtu,
		 u64 now);
bool eun_rd_owns(const struct eun_rd *rd, u32 psn);
int eun_rd_check(const struct eun_rd *rd, u32 psn, enum eun_rd_kind kind,
		 u32 len, u32 mtu);
void eun_rd_arrival(struct eun_rd *rd, u32 psn, bool fresh, u64 now);
bool eun_rd_duplicate(struct eun_rd *rd, u32 psn);
bool eun_rd_due(const struct eun_rd *rd, u32 head, u64 now);
u64 eun_rd_deadline(const struct eun_rd *rd, u32 head);
u32 eun_rd_range_end(const struct eun_rd *rd, u32 head, const u64 *words,
		     u32 nbits, u32 span);
void eun_rd_rerequested(struct eun_rd *rd, u32 first, u64 now);
void eun_rd_stop(struct eun_rd *rd);

#endif /* EUN_READ_H */
