/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The responder's book of READ and atomic requests that came ahead of its
 * expected PSN: READs it executed at once (their PSN ranges, skipped when
 * the expected PSN gets there) and atomics it holds until their turn.
 * The pure part of rx/eun_rx_read.c: fixed slots, so that the glue keeps
 * each held atomic's packet in the slot of its PSN. And which of rxe's
 * READ and atomic resources a new request takes.
 */
#ifndef EUN_RX_ORDER_H
#define EUN_RX_ORDER_H

#include <linux/types.h>

/*
 * Slots of each kind: as many as READs and atomics a requester has out
 * (EUN_RD_MAX_OUT, rxe's largest max_rd_atomic).
 */
#define EUN_RO_SLOTS	128

/**
 * struct eun_rx_order - requests a responder took ahead of order
 * @ahead_first: first PSN of each READ executed ahead
 * @ahead_npkts: PSNs it takes
 * @ahead_used: slots of @ahead_first in use
 * @held_psn: PSN of each atomic held
 * @held_used: slots of @held_psn in use
 */
struct eun_rx_order {
	u32 ahead_first[EUN_RO_SLOTS];
	u32 ahead_npkts[EUN_RO_SLOTS];
	DECLARE_BITMAP(ahead_used, EUN_RO_SLOTS);
	u32 held_psn[EUN_RO_SLOTS];
	DECLARE_BITMAP(held_used, EUN_RO_SLOTS);
};

void eun_ro_init(struct eun_rx_order *ro);
int eun_ro_ahead_add(struct eun_rx_order *ro, u32 psn, u32 npkts);
int eun_ro_ahead_find(const struct eun_rx_order *ro, u32 psn);
u32 eun_ro_past(const struct eun_rx_order *ro, u32 psn);
u32 eun_ro_skip(struct eun_rx_order *ro, u32 psn);
int eun_ro_hold(struct eun_rx_order *ro, u32 psn);
int eun_ro_held_find(const struct eun_rx_order *ro, u32 psn);
void eun_ro_unhold(struct eun_rx_order *ro, u32 slot);
u32 eun_ro_count_ahead(const struct eun_rx_order *ro);
u32 eun_ro_count_held(const struct eun_rx_order *ro);
u32 eun_ro_res_pick(const u32 *first_psn, const unsigned long *used, u32 n,
		    u32 psn);

#endif /* EUN_RX_ORDER_H */
