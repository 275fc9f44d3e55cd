/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a hook answers the patched rxe. Each enum is handled by exactly
 * one switch in the patch series; Documentation/design.rst lists them,
 * and a host test keeps the table, the enums and the patches in step.
 */
#ifndef EUN_VERDICTS_H
#define EUN_VERDICTS_H

/**
 * enum eun_psn_verdict - what the responder does with a request packet
 * @EUN_PSN_STOCK: run rxe's own PSN check and the rest of the responder
 * @EUN_PSN_CONSUMED: the ordering layer handled the packet whole, or
 *	dropped and counted it; rxe only frees it
 */
enum eun_psn_verdict {
	EUN_PSN_STOCK,
	EUN_PSN_CONSUMED,
};

/**
 * enum eun_ack_verdict - what the completer does with a response packet
 * @EUN_ACK_STOCK: go on with rxe's own ACK/NAK handling (an EUN_ACK has
 *	been dressed as the rxe ACK or NAK it also is)
 * @EUN_ACK_CONSUMED: the packet was dropped and counted; nothing more
 */
enum eun_ack_verdict {
	EUN_ACK_STOCK,
	EUN_ACK_CONSUMED,
};

/**
 * enum eun_plain_ack_verdict - what the completer does with a plain ACK
 *	checked against a WQE
 * @EUN_PLAIN_ACK_STOCK: rxe's own handling: it completes the WQEs it
 *	passes
 * @EUN_PLAIN_ACK_STALE: drop it: it acknowledges only WQEs that completed,
 *	and the READ in progress behind them must keep its response sequence
 * @EUN_PLAIN_ACK_RETRY: retry from the expected PSN: it lies within a
 *	READ or atomic that only its data answers (the IBA's implied NAK)
 */
enum eun_plain_ack_verdict {
	EUN_PLAIN_ACK_STOCK,
	EUN_PLAIN_ACK_STALE,
	EUN_PLAIN_ACK_RETRY,
};

/**
 * enum eun_resend_verdict - what the requester does before a new packet
 * @EUN_RESEND_NONE: no hole to resend; go on with the next new packet
 * @EUN_RESEND_SENT: one lost packet went again; run the requester again
 * @EUN_RESEND_BLOCKED: a hole waits, but the QP has too many packets in
 *	the network; stop until they drain
 */
enum eun_resend_verdict {
	EUN_RESEND_NONE,
	EUN_RESEND_SENT,
	EUN_RESEND_BLOCKED,
};

#endif /* EUN_VERDICTS_H */
