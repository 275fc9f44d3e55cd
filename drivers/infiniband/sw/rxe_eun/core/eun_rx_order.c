// SPDX-License-Identifier: GPL-2.0
/*
 * Requests a responder took ahead of order (see eun_rx_order.h).
 *
 * A READ that came ahead was executed at once: its range must be skipped
 * when the expected PSN reaches it, and a copy of it (any PSN in the
 * range) must be told from a new request. An atomic that came ahead is
 * held: one copy per PSN, released when the request before it goes. No
 * slot search is longer than EUN_RO_SLOTS.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "eun/eun_psn.h"
#include "eun/eun_rx_order.h"

/**
 * eun_ro_init() - an empty book
 * @ro: the book
 */
void eun_ro_init(struct eun_rx_order *ro)
{
	memset(ro, 0, sizeof(*ro));
}

static int eun_ro_free_slot(const unsigned long *used)
{
	u32 slot = find_first_zero_bit(used, EUN_RO_SLOTS);

	return slot < EUN_RO_SLOTS ? slot : -ENOSPC;
}

/**
 * eun_ro_ahead_find() - the READ executed ahead whose range holds a PSN
 * @ro: the book
 * @psn: a request's PSN
 *
 * Return: its slot, or -ENOENT.
 */
int eun_ro_ahead_find(const struct eun_rx_order *ro, u32 psn)
{
	u32 slot;

	for_each_set_bit(slot, ro->ahead_used, EUN_RO_SLOTS)
		if (eun_psn_dist(ro->ahead_first[slot], psn) <
		    ro->ahead_npkts[slot])
			return slot;
	return -ENOENT;
}

/**
 * eun_ro_ahead_add() - a READ ahead of the expected PSN is executed now
 * @ro: the book
 * @psn: its first PSN
 * @npkts: PSNs it takes, at least 1
 *
 * Return: its slot, -EEXIST when its range meets one in the book (a copy,
 * or a peer's nonsense), -ENOSPC when every slot is taken, -EINVAL for a
 * bad PSN or length.
 */
int eun_ro_ahead_add(struct eun_rx_order *ro, u32 psn, u32 npkts)
{
	int slot;
	u32 i;

	if (!eun_psn_valid(psn) || !npkts || npkts >= EUN_PSN_HALF)
		return -EINVAL;
	for_each_set_bit(i, ro->ahead_used, EUN_RO_SLOTS)
		if (eun_psn_dist(ro->ahead_first[i], psn) <
		    ro->ahead_npkts[i] ||
		    eun_psn_dist(psn, ro->ahead_first[i]) < npkts)
			return -EEXIST;
	slot = eun_ro_free_slot(ro->ahead_used);
	if (slot < 0)
		return slot;
	ro->ahead_first[slot] = psn;
	ro->ahead_npkts[slot] = npkts;
	__set_bit(slot, ro->ahead_used);
	return slot;
}

static int eun_ro_ahead_at(const struct eun_rx_order *ro, u32 psn)
{
	u32 slot;

	for_each_set_bit(slot, ro->ahead_used, EUN_RO_SLOTS)
		if (ro->ahead_first[slot] == psn)
			return slot;
	return -ENOENT;
}

/* Follow the READs executed ahead from @psn; @passed gets their slots. */
static u32 eun_ro_chain(const struct eun_rx_order *ro, u32 psn,
			unsigned long *passed)
{
	u32 n;
	int slot;

	bitmap_zero(passed, EUN_RO_SLOTS);
	for (n = 0; n < EUN_RO_SLOTS; n++) {
		slot = eun_ro_ahead_at(ro, psn);
		if (slot < 0)
			break;
		psn = eun_psn_add(psn, ro->ahead_npkts[slot]);
		__set_bit(slot, passed);
	}
	return psn;
}

/**
 * eun_ro_past() - a PSN moved past the READs executed ahead that start
 *	there, one after the other
 * @ro: the book, unchanged
 * @psn: the expected PSN
 *
 * Return: the first PSN after them (@psn when none starts there).
 */
u32 eun_ro_past(const struct eun_rx_order *ro, u32 psn)
{
	DECLARE_BITMAP(passed, EUN_RO_SLOTS);

	return eun_ro_chain(ro, psn, passed);
}

/**
 * eun_ro_skip() - eun_ro_past(), forgetting the READs it moved past
 * @ro: the book
 * @psn: the expected PSN
 *
 * Return: the first PSN after them.
 */
u32 eun_ro_skip(struct eun_rx_order *ro, u32 psn)
{
	DECLARE_BITMAP(passed, EUN_RO_SLOTS);

	psn = eun_ro_chain(ro, psn, passed);
	bitmap_andnot(ro->ahead_used, ro->ahead_used, passed, EUN_RO_SLOTS);
	return psn;
}

/**
 * eun_ro_held_find() - the slot of the atomic held at a PSN
 * @ro: the book
 * @psn: its PSN
 *
 * Return: the slot, or -ENOENT.
 */
int eun_ro_held_find(const struct eun_rx_order *ro, u32 psn)
{
	u32 slot;

	for_each_set_bit(slot, ro->held_used, EUN_RO_SLOTS)
		if (ro->held_psn[slot] == psn)
			return slot;
	return -ENOENT;
}

/**
 * eun_ro_hold() - an atomic ahead of the expected PSN waits for its turn
 * @ro: the book
 * @psn: its PSN
 *
 * Return: its slot, -EEXIST when one is held at @psn already (a copy),
 * -ENOSPC when every slot is taken, -EINVAL for a bad PSN.
 */
int eun_ro_hold(struct eun_rx_order *ro, u32 psn)
{
	int slot;

	if (!eun_psn_valid(psn))
		return -EINVAL;
	if (eun_ro_held_find(ro, psn) >= 0)
		return -EEXIST;
	slot = eun_ro_free_slot(ro->held_used);
	if (slot < 0)
		return slot;
	ro->held_psn[slot] = psn;
	__set_bit(slot, ro->held_used);
	return slot;
}

/**
 * eun_ro_unhold() - a held atomic goes (its turn came, or the QP reset)
 * @ro: the book
 * @slot: its slot
 */
void eun_ro_unhold(struct eun_rx_order *ro, u32 slot)
{
	if (slot < EUN_RO_SLOTS)
		__clear_bit(slot, ro->held_used);
}

/**
 * eun_ro_count_ahead() - READs executed ahead, in the book
 * @ro: the book
 *
 * Return: how many.
 */
u32 eun_ro_count_ahead(const struct eun_rx_order *ro)
{
	return bitmap_weight(ro->ahead_used, EUN_RO_SLOTS);
}

/**
 * eun_ro_count_held() - atomics held
 * @ro: the book
 *
 * Return: how many.
 */
u32 eun_ro_count_held(const struct eun_rx_order *ro)
{
	return bitmap_weight(ro->held_used, EUN_RO_SLOTS);
}

/**
 * eun_ro_res_pick() - the responder resource a new READ or atomic takes
 * @first_psn: first PSN of the request each resource holds
 * @used: resources that hold one
 * @n: resources, at most EUN_RO_SLOTS
 * @psn: the new request's PSN
 *
 * rxe hands its resources out in turn, which is PSN order only while
 * requests execute in order. Once a READ executes ahead of a late one,
 * the turn would give the next request the resource of a READ the
 * requester still waits on, and that READ's re-requests would find
 * nothing to replay from: it would never complete. The requester has at
 * most @n requests out (its max_rd_atomic, not above the responder's
 * resources) and completes them in PSN order; so with every resource
 * held, the oldest request they hold by PSN is one it is done with.
 *
 * Return: a free resource, else the one holding the oldest request
 * (0 when @n is 0).
 */
u32 eun_ro_res_pick(const u32 *first_psn, const unsigned long *used, u32 n,
		    u32 psn)
{
	u32 i, pick = 0;
	s32 age, oldest = S32_MIN;

	for (i = 0; i < n; i++) {
		if (!test_bit(i, used))
			return i;
		age = eun_psn_diff(first_psn[i], psn);
		if (age > oldest) {
			oldest = age;
			pick = i;
		}
	}
	return pick;
}
