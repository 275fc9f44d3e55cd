/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Loss detection of a tracking QP's sender (eun_tx_loss.c): the reorder
 * window and the QP's RACK timer.
 */
#ifndef EUN_TX_LOSS_H
#define EUN_TX_LOSS_H

#include <linux/types.h>

struct rxe_qp;

void eun_tx_loss_init(struct rxe_qp *qp);
void eun_tx_loss_stop(struct rxe_qp *qp);
void eun_tx_loss_detect(struct rxe_qp *qp, u64 now);
bool eun_tx_loss_timeout(struct rxe_qp *qp);
void eun_tx_loss_arm(struct rxe_qp *qp, u64 deadline_ns, u64 now);
void eun_tx_loss_resent(struct rxe_qp *qp);

#endif /* EUN_TX_LOSS_H */
