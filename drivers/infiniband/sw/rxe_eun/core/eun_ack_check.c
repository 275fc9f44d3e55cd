// SPDX-License-Identifier: GPL-2.0
/*
 * What an EUN_ACK says and what a sender makes of it (see eun_ack_check.h).
 */

#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "eun/eun_psn.h"
#include "eun/eun_ack_check.h"

static const char * const ackc_verdict_names[] = {
	[EUN_ACKC_TAKE] = "take",
	[EUN_ACKC_BAD] = "bad",
	[EUN_ACKC_STRAY] = "stray",
	[EUN_ACKC_MODE] = "mode",
};

static_assert(ARRAY_SIZE(ackc_verdict_names) == EUN_ACKC_VERDICT_COUNT,
	      "verdict names");

/**
 * eun_ackc_compose() - the fixed fields of a receive side's EUN_ACK
 * @rx: what the receive side reports
 * @kind: EUN_ACK_KIND_SACK (eun_ackc_settle() makes it an ACK when the
 *	SACK stays empty) or EUN_ACK_KIND_NACK
 * @reason: for a NACK, why @nack_psn was refused
 * @nack_psn: for a NACK, the refused PSN
 * @a: the acknowledgment, cleared first; its SACK is the caller's to fill
 *	(eun_sack_fill())
 *
 * A duplicate at the expected PSN itself is not reported: that PSN has
 * not arrived, so the codec cannot carry it. The lateness saturates to
 * what the codec can carry. A NACK of a PSN before @rx->epsn names
 * @rx->epsn instead: every PSN before it has arrived, so the codec
 * refuses such a NACK and it would never leave; the expected PSN is the
 * first the sender still has out (a held last packet of a WRITE whose
 * target went away moves the expected PSN back to itself, so that this
 * NACK fails that WRITE).
 */
void eun_ackc_compose(const struct eun_ackc_rx *rx, enum eun_ack_kind kind,
		      enum eun_nack_reason reason, u32 nack_psn,
		      struct eun_ack_info *a)
{
	memset(a, 0, sizeof(*a));
	a->kind = kind;
	a->reason = reason;
	a->epsn = rx->epsn;
	if (kind == EUN_ACK_KIND_NACK)
		a->nack_psn = eun_psn_before(nack_psn, rx->epsn) ? rx->epsn :
								   nack_psn;
	if (rx->dup_pending && rx->dup_psn != rx->epsn) {
		a->dup = true;
		a->dup_psn = rx->dup_psn;
	}
	a->path = rx->echo_path;
	a->late = min_t(u32, rx->echo_late, EUN_ACK_LATE_MAX);
}

/**
 * eun_ackc_settle() - an EUN_ACK's kind once its SACK is filled
 * @a: the acknowledgment
 *
 * A SACK with no word set says no more than an ACK, and the codec takes
 * it only as one.
 */
void eun_ackc_settle(struct eun_ack_info *a)
{
	if (a->kind == EUN_ACK_KIND_SACK && !a->sack_words)
		a->kind = EUN_ACK_KIND_ACK;
}

/**
 * eun_ackc_classify() - whether a sender takes an EUN_ACK
 * @payload: the EUN_ACK's payload (after BTH and AETH)
 * @len: its length
 * @bth_psn: the packet's BTH PSN
 * @sb: the sender's scoreboard while it sends the ooo format, else NULL
 *	(then no NACK is in flight)
 * @a: the acknowledgment parsed; valid unless EUN_ACKC_BAD
 *
 * Return: &enum eun_ackc_verdict.
 */
enum eun_ackc_verdict eun_ackc_classify(const u8 *payload, size_t len,
					u32 bth_psn, const struct eun_sb *sb,
					struct eun_ack_info *a)
{
	if (eun_ack_parse(payload, len, a) < 0 ||
	    eun_psn_add(a->epsn, EUN_PSN_MASK) != bth_psn)
		return EUN_ACKC_BAD;
	if (a->kind != EUN_ACK_KIND_NACK)
		return EUN_ACKC_TAKE;
	if (!sb || !eun_sb_lookup(sb, a->nack_psn))
		return EUN_ACKC_STRAY;
	if (a->reason == EUN_NACK_MODE)
		return EUN_ACKC_MODE;
	return EUN_ACKC_TAKE;
}

/**
 * eun_ackc_refused() - whether an EUN_ACK refuses a packet for want of room
 * @a: a taken acknowledgment
 *
 * Return: true for a NACK, reason CAP or NOMEM: nothing was lost, the
 * receiver could not track the packet; the sender marks it and waits.
 */
bool eun_ackc_refused(const struct eun_ack_info *a)
{
	return a->kind == EUN_ACK_KIND_NACK &&
	       (a->reason == EUN_NACK_CAP || a->reason == EUN_NACK_NOMEM);
}

/**
 * eun_ackc_nak_syn() - the AETH syndrome of rxe's NAK a NACK means
 * @a: a taken acknowledgment
 * @wire_syn: the syndrome of the packet's AETH
 * @syn: on true, the syndrome rxe's completer is to read
 *
 * An invalid request and an access error fail the WQE; a NACK for want of
 * a receive WQE is an RNR NAK, whose timer code the responder put in the
 * AETH (any other syndrome there gets code 0).
 *
 * Return: true when the packet goes on as that NAK, false when as an ACK.
 */
bool eun_ackc_nak_syn(const struct eun_ack_info *a, u8 wire_syn, u8 *syn)
{
	if (a->kind != EUN_ACK_KIND_NACK)
		return false;
	switch (a->reason) {
	case EUN_NACK_INVALID:
		*syn = EUN_AETH_NAK_INVALID_REQ;
		return true;
	case EUN_NACK_ACCESS:
		*syn = EUN_AETH_NAK_REM_ACC_ERR;
		return true;
	case EUN_NACK_RNR:
		*syn = (wire_syn & EUN_AETH_TYPE_MASK) == EUN_AETH_RNR_NAK ?
		       wire_syn : EUN_AETH_RNR_NAK;
		return true;
	default:
		return false;
	}
}

/**
 * eun_ackc_verdict_name() - name of a verdict, for debug output
 * @v: verdict
 *
 * Return: a constant string, "?" for a value out of range.
 */
const char *eun_ackc_verdict_name(enum eun_ackc_verdict v)
{
	return (u32)v < EUN_ACKC_VERDICT_COUNT ? ackc_verdict_names[v] : "?";
}
