/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: open-loop arrivals (--offered). Pure code, no verbs types.
 *
 * Closed loop, a QP posts its next message as soon as its depth allows:
 * the offered load is whatever the network carries. Open loop, messages
 * arrive on their own clock, a Poisson process per QP, whether the ones
 * before them completed or not, as flows arrive in the datacenter
 * experiments this tool miniaturises; a message's completion time then
 * counts from its arrival, its wait to be posted included.
 */
#ifndef EV_ARRIVAL_H
#define EV_ARRIVAL_H

#include <stdint.h>

#include "ev_plan.h"

double ev_size_mean(const struct ev_config *cfg);
double ev_arrival_mean_gap_ns(const struct ev_config *cfg, uint64_t offered);
uint64_t ev_arrival_gap_ns(uint64_t seed, uint32_t qp, uint64_t msg,
			   double mean_ns);

#endif /* EV_ARRIVAL_H */
