/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxe_eun counters, appended to the stock rxe hw_counters so that
 * 'rdma statistic show' and /sys/class/infiniband/DEV/ports/1/hw_counters
 * list them next to sent_pkts and friends. Every name starts "rxe_eun_".
 * The list is enum eun_counter (eun_state.h, beside the array it sizes).
 * The event counters are counted here (eun_counters.c); the figures after
 * them are read from the device's emulated memory by eun_dev.c.
 */
#ifndef EUN_COUNTERS_H
#define EUN_COUNTERS_H

#include <linux/types.h>

#include "eun_state.h"

struct rdma_hw_stats;
struct rdma_stat_desc;
struct rxe_dev;

struct rdma_hw_stats *eun_alloc_hw_stats(const struct rdma_stat_desc *stock,
					 unsigned int nr_stock);
void eun_counter_inc(struct rxe_dev *rxe, enum eun_counter counter);
void eun_counter_add(struct rxe_dev *rxe, enum eun_counter counter,
		     u64 n);

#endif /* EUN_COUNTERS_H */
