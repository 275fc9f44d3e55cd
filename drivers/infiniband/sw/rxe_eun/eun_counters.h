/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxe_eun counters, appended to the stock rxe hw_counters so that
 * 'rdma statistic show' and /sys/class/infiniband/DEV/ports/1/hw_counters
 * list them next to sent_pkts and friends. Every name starts "rxe_eun_".
 */
#ifndef EUN_COUNTERS_H
#define EUN_COUNTERS_H

enum eun_counter {
	EUN_CNT_PSN_ACCEPT,	/* request accepted by the ordering layer */
	EUN_CNT_PSN_DUPLICATE,	/* request judged a duplicate */
	EUN_CNT_PSN_DROP,	/* request dropped: cannot be tracked */
	EUN_CNT_ACK_CONSUMED,	/* ACK/NAK consumed by the sender agent */
	EUN_CNT_ACK_RETRY,	/* retransmission asked by the sender agent */
	EUN_CNT_GBN_RETRY,	/* go-back-N: requester rewound to the oldest PSN */
	EUN_CNT_RCV_DROP,	/* packet dropped by rxe_rcv()'s checks */
	EUN_CNT_RCV_DROP_OPCODE,	/* ... of which: an opcode rxe does not know */
	EUN_NUM_EVENT_COUNTERS,
	/* Read from the emulated memory when the counters are read. */
	EUN_CNT_EMEM_IN_USE = EUN_NUM_EVENT_COUNTERS,
	EUN_CNT_EMEM_PEAK,
	EUN_CNT_EMEM_ALLOC_FAIL,
	EUN_NUM_COUNTERS
};

struct rdma_hw_stats;
struct rdma_stat_desc;
struct rxe_dev;

struct rdma_hw_stats *eun_alloc_hw_stats(const struct rdma_stat_desc *stock,
					 unsigned int nr_stock);
int eun_get_hw_stats(struct rxe_dev *rxe, struct rdma_hw_stats *stats,
		     unsigned int first);
void eun_counter_inc(struct rxe_dev *rxe, enum eun_counter counter);

#endif /* EUN_COUNTERS_H */
