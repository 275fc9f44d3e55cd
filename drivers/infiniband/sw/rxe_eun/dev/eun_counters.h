/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxe_eun counters, appended to the stock rxe hw_counters so that
 * 'rdma statistic show' and /sys/class/infiniband/DEV/ports/1/hw_counters
 * list them next to sent_pkts and friends. Every name starts "rxe_eun_".
 * The event counters are counted here (eun_counters.c); the figures after
 * them are read from the device's emulated memory by eun_dev.c.
 */
#ifndef EUN_COUNTERS_H
#define EUN_COUNTERS_H

#include <linux/types.h>

enum eun_counter {
	EUN_CNT_PSN_ACCEPT,	/* data packet placed by the ordering layer */
	EUN_CNT_PSN_DUPLICATE,	/* data packet judged a duplicate */
	EUN_CNT_PSN_DROP,	/* data packet dropped: cannot be tracked */
	EUN_CNT_RX_OOO,		/* data packet placed out of order */
	EUN_CNT_RX_MALFORMED,	/* ooo packet with a bad EUNH or length */
	EUN_CNT_RX_MODE,	/* packet of another ordering mode than the QP's */
	EUN_CNT_RX_HELD,	/* completion held for an earlier packet */
	EUN_CNT_ACK_SENT,	/* EUN_ACK sent as a plain ACK */
	EUN_CNT_SACK_SENT,	/* ... as a SACK */
	EUN_CNT_NACK_SENT,	/* ... as a NACK (any reason) */
	EUN_CNT_NACK_SENT_CAP,	/* NACK: beyond the bitmap cap */
	EUN_CNT_NACK_SENT_NOMEM,	/* NACK: emulated memory exhausted */
	EUN_CNT_NACK_SENT_RNR,	/* NACK: no receive WQE for the message */
	EUN_CNT_NACK_SENT_ERR,	/* NACK: invalid request or access error */
	EUN_CNT_ACK_RCVD,	/* EUN_ACK received as a plain ACK */
	EUN_CNT_SACK_RCVD,	/* ... as a SACK */
	EUN_CNT_NACK_RCVD,	/* ... as a NACK */
	EUN_CNT_ACK_BAD,	/* EUN_ACK refused as malformed */
	EUN_CNT_RETX_TIMEOUT,	/* selective retransmission after a timeout */
	EUN_CNT_RETX_NACK,	/* ... after a NACK */
	EUN_CNT_RETX_REORDER,	/* ... after the reorder window ran out */
	EUN_CNT_RETX_SPURIOUS,	/* retransmission proven needless */
	EUN_CNT_QP_FALLBACK,	/* QP of a tracking device run go-back-N */
	EUN_CNT_GBN_RETRY,	/* go-back-N: requester rewound to the oldest PSN */
	EUN_CNT_RCV_DROP,	/* packet dropped by rxe_rcv()'s checks */
	EUN_CNT_RCV_DROP_OPCODE,	/* ... of which: an opcode rxe does not know */
	EUN_CNT_WSYNC_HELD,	/* WRITE's last packet held at the receiver */
	EUN_CNT_WSYNC_FULL,	/* ... dropped: every slot of the pool held */
	EUN_CNT_WSYNC_DELAYED,	/* WRITE's last packet held at the sender */
	EUN_CNT_RW_WIDENED,	/* reorder window widened by a spurious resend */
	EUN_CNT_RW_PROBES,	/* ACK drought: only the lowest PSN due resent */
	EUN_CNT_RW_HELD,	/* PSNs due held while a resend was unanswered */
	EUN_NUM_EVENT_COUNTERS,
	/* Read from the emulated memory when the counters are read. */
	EUN_CNT_EMEM_IN_USE = EUN_NUM_EVENT_COUNTERS,
	EUN_CNT_EMEM_PEAK,
	EUN_CNT_EMEM_ALLOC_FAIL,
	EUN_CNT_BM_GROWS,
	EUN_CNT_BM_MERGES,
	EUN_CNT_WSYNC_IN_USE,
	EUN_CNT_WSYNC_PEAK,
	EUN_NUM_COUNTERS
};

struct rdma_hw_stats;
struct rdma_stat_desc;
struct rxe_dev;

struct rdma_hw_stats *eun_alloc_hw_stats(const struct rdma_stat_desc *stock,
					 unsigned int nr_stock);
void eun_counter_inc(struct rxe_dev *rxe, enum eun_counter counter);
void eun_counter_add(struct rxe_dev *rxe, enum eun_counter counter,
		     u64 n);

#endif /* EUN_COUNTERS_H */
