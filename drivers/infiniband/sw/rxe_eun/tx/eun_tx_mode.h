/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tracking QP whose peer does not track (eun_tx_mode.c): its send side
 * goes over to the stock format.
 */
#ifndef EUN_TX_MODE_H
#define EUN_TX_MODE_H

#include <linux/types.h>

struct rxe_qp;

void eun_tx_mode_heard(struct rxe_qp *qp);
bool eun_tx_mode_timeout(struct rxe_qp *qp);
void eun_tx_mode_nack(struct rxe_qp *qp);

#endif /* EUN_TX_MODE_H */
