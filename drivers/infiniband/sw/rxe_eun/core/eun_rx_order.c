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

#include <linux/bitops.h>
#include <linux/build_bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "eun/eun_psn.h"
#include "eun/eun_rx_order.h"

static_assert(EUN_RO_SLOTS <= 32, "slot masks are u32");

/**
 * eun_ro_init() - an empty book
 * @ro: the book
 */
void eun_ro_init(struct eun_rx_order *ro)
{
	memset(ro, 0, sizeof(*ro));
}

static int eun_ro_free_slot(u32 mask)
{
	u32 slot = ffz(mask);

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

	for (slot = 0; slot < EUN_RO_SLOTS; slot++)
		if ((ro->ahead_mask & BIT(slot)) &&
		    eun_psn_dist(ro->ahead_first[slot], psn) <
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
	for (i = 0; i < EUN_RO_SLOTS; i++)
		if ((ro->ahead_mask & BIT(i)) &&
		    (eun_psn_dist(ro->ahead_first[i], psn) <
		     ro->ahead_npkts[i] ||
		     eun_psn_dist(psn, ro->ahead_first[i]) < npkts))
			return -EEXIST;
	slot = eun_ro_free_slot(ro->ahead_mask);
	if (slot < 0)
		return slot;
	ro->ahead_first[slot] = psn;
	ro->ahead_npkts[slot] = npkts;
	ro->ahead_mask |= BIT(slot);
	return slot;
}

static int eun_ro_ahead_at(const struct eun_rx_order *ro, u32 psn)
{
	u32 slot;

	for (slot = 0; slot < EUN_RO_SLOTS; slot++)
		if ((ro->ahead_mask & BIT(slot)) &&
		    ro->ahead_first[slot] == psn)
			return slot;
	return -ENOENT;
}

/* Follow the READs executed ahead from @psn; @passed gets their slots. */
static u32 eun_ro_chain(const struct eun_rx_order *ro, u32 psn, u32 *passed)
{
	u32 n;
	int slot;

	*passed = 0;
	for (n = 0; n < EUN_RO_SLOTS; n++) {
		slot = eun_ro_ahead_at(ro, psn);
		if (slot < 0)
			break;
		psn = eun_psn_add(psn, ro->ahead_npkts[slot]);
		*passed |= BIT(slot);
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
	u32 passed;

	return eun_ro_chain(ro, psn, &passed);
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
	u32 passed;

	psn = eun_ro_chain(ro, psn, &passed);
	ro->ahead_mask &= ~passed;
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

	for (slot = 0; slot < EUN_RO_SLOTS; slot++)
		if ((ro->held_mask & BIT(slot)) && ro->held_psn[slot] == psn)
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
	slot = eun_ro_free_slot(ro->held_mask);
	if (slot < 0)
		return slot;
	ro->held_psn[slot] = psn;
	ro->held_mask |= BIT(slot);
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
		ro->held_mask &= ~BIT(slot);
}

/**
 * eun_ro_count_ahead() - READs executed ahead, in the book
 * @ro: the book
 *
 * Return: how many.
 */
u32 eun_ro_count_ahead(const struct eun_rx_order *ro)
{
	return hweight32(ro->ahead_mask);
}

/**
 * eun_ro_count_held() - atomics held
 * @ro: the book
 *
 * Return: how many.
 */
u32 eun_ro_count_held(const struct eun_rx_order *ro)
{
	return hweight32(ro->held_mask);
}
