/* SPDX-License-Identifier: GPL-2.0 */
/* Send side of a tracking QP (eun_tx.c). */
#ifndef EUN_TX_H
#define EUN_TX_H

#include <linux/types.h>

#include "eun_verdicts.h"

struct rxe_av;
struct rxe_pkt_info;
struct rxe_qp;
struct rxe_send_wqe;

bool eun_tx_owns(const struct rxe_send_wqe *wqe);
bool eun_tx_admit(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
int eun_tx_send(struct rxe_qp *qp, struct rxe_av *av,
		struct rxe_send_wqe *wqe, struct rxe_pkt_info *pkt,
		u32 payload);
enum eun_resend_verdict eun_tx_resend(struct rxe_qp *qp);

#endif /* EUN_TX_H */
