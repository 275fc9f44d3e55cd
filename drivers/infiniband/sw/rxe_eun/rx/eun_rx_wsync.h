/* SPDX-License-Identifier: GPL-2.0 */
/* write_sync=receiver: held last packets of WRITEs (eun_rx_wsync.c). */
#ifndef EUN_RX_WSYNC_H
#define EUN_RX_WSYNC_H

#include <linux/types.h>

struct rxe_dev;
struct rxe_pkt_info;
struct rxe_qp;
struct eun_rx_pkt;

int eun_rx_wsync_hold(struct rxe_qp *qp, struct rxe_pkt_info *pkt,
		      const struct eun_rx_pkt *p);
void eun_rx_wsync_cancel(struct rxe_qp *qp, int slot, u32 psn);
int eun_rx_wsync_place_ready(struct rxe_qp *qp);
void eun_rx_wsync_drop(struct rxe_qp *qp);

#endif /* EUN_RX_WSYNC_H */
