/* SPDX-License-Identifier: GPL-2.0 */
/* write_sync=sender (eun_tx_wsync.c). */
#ifndef EUN_TX_WSYNC_H
#define EUN_TX_WSYNC_H

#include <linux/types.h>

struct rxe_qp;
struct rxe_send_wqe;

bool eun_tx_wsync_delay(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
bool eun_tx_wsync_ack_req(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			  u32 psn, u32 last_psn);

#endif /* EUN_TX_WSYNC_H */
