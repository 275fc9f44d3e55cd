/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxe_eun state carried inside rxe's own objects.
 *
 * rxe embeds one struct eun_dev in each device and one struct eun_qp in
 * each QP (patch 0002). Only the eun_* files read or write them, so this
 * header needs no rxe type and can be included from rxe_verbs.h.
 */
#ifndef EUN_STATE_H
#define EUN_STATE_H

#include <linux/atomic.h>
#include <linux/types.h>

#include "eun_counters.h"

/**
 * struct eun_dev - per-device rxe_eun state
 * @counters: rxe_eun counters, shown after the stock ones in hw_counters
 */
struct eun_dev {
	atomic64_t counters[EUN_NUM_COUNTERS];
};

/**
 * enum eun_qp_mode - how a QP's packets are ordered
 * @EUN_QP_GO_BACK_N: stock rxe behaviour, every hook leaves the stock path
 * @EUN_QP_MODE_COUNT: number of modes (sizes the name table)
 */
enum eun_qp_mode {
	EUN_QP_GO_BACK_N,
	EUN_QP_MODE_COUNT
};

/**
 * struct eun_qp - per-QP rxe_eun state
 * @mode: ordering mode, fixed when the QP is created
 */
struct eun_qp {
	enum eun_qp_mode mode;
};

#endif /* EUN_STATE_H */
