/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What an EUN_ACK says and what its sender's peer makes of it: the
 * decisions of rx/eun_rx_ack.c (the fields a receiver reports) and of
 * comp/eun_comp.c (which EUN_ACK a sender takes, and what a NACK's reason
 * means to it), on plain values and the pure scoreboard, so that KUnit
 * and the harness's fuzzer drive the very functions the module calls.
 *
 * An EUN_ACK comes from the network: a sender takes one only when the
 * codec does, its BTH PSN is its cumulative PSN - 1 (rxe's completer reads
 * it as that ACK), and, for a NACK, the PSN it names is one the sender has
 * in flight. A NACK fails a WQE, stalls the sender or changes its format:
 * nothing but the peer's receive side, answering a packet it got, may.
 */
#ifndef EUN_ACK_CHECK_H
#define EUN_ACK_CHECK_H

#include <linux/types.h>

#include "eun/eun_scoreboard.h"
#include "eun/eun_wire.h"

/*
 * AETH syndromes (IBA 9.7.5.2.3), as rxe's enum aeth_syndrome has them:
 * the glue asserts that they agree.
 */
#define EUN_AETH_TYPE_MASK		0xe0
#define EUN_AETH_RNR_NAK		0x20
#define EUN_AETH_NAK_INVALID_REQ	0x61
#define EUN_AETH_NAK_REM_ACC_ERR	0x62

/**
 * enum eun_ackc_verdict - what a sender does with an EUN_ACK
 * @EUN_ACKC_TAKE: an ACK, a SACK, or a NACK of a PSN in flight: into the
 *	scoreboard, then on as rxe's cumulative ACK (or NAK)
 * @EUN_ACKC_BAD: the codec refuses it, or its BTH PSN is not its
 *	cumulative PSN - 1: dropped, counted
 * @EUN_ACKC_STRAY: a NACK of a PSN the sender has not in flight (forged,
 *	or stale): dropped, counted
 * @EUN_ACKC_MODE: a NACK, reason MODE, of a PSN in flight: the peer does
 *	not track, the sender goes over to the stock format
 * @EUN_ACKC_VERDICT_COUNT: number of verdicts
 */
enum eun_ackc_verdict {
	EUN_ACKC_TAKE,
	EUN_ACKC_BAD,
	EUN_ACKC_STRAY,
	EUN_ACKC_MODE,
	EUN_ACKC_VERDICT_COUNT
};

/**
 * struct eun_ackc_rx - what a receive side reports in its next EUN_ACK
 * @epsn: its expected PSN
 * @dup_pending: a duplicate came since the last acknowledgment
 * @dup_psn: the latest such duplicate
 * @echo_path: path byte of the latest-arriving packet since then
 * @echo_late: how late that packet came (any value; saturated)
 */
struct eun_ackc_rx {
	u32 epsn;
	bool dup_pending;
	u32 dup_psn;
	u8 echo_path;
	u32 echo_late;
};

void eun_ackc_compose(const struct eun_ackc_rx *rx, enum eun_ack_kind kind,
		      enum eun_nack_reason reason, u32 nack_psn,
		      struct eun_ack_info *a);
void eun_ackc_settle(struct eun_ack_info *a);
enum eun_ackc_verdict eun_ackc_classify(const u8 *payload, size_t len,
					u32 bth_psn, const struct eun_sb *sb,
					struct eun_ack_info *a);
bool eun_ackc_refused(const struct eun_ack_info *a);
bool eun_ackc_nak_syn(const struct eun_ack_info *a, u8 wire_syn, u8 *syn);
const char *eun_ackc_verdict_name(enum eun_ackc_verdict v);

#endif /* EUN_ACK_CHECK_H */
