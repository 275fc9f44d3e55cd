/* SPDX-License-Identifier: GPL-2.0 */
/* Receive side of a tracking QP (eun_rx.c). */
#ifndef EUN_RX_H
#define EUN_RX_H

#include "eun_verdicts.h"

struct rxe_qp;
struct rxe_pkt_info;

enum eun_psn_verdict eun_rx_request(struct rxe_qp *qp,
				    struct rxe_pkt_info *pkt);

#endif /* EUN_RX_H */
