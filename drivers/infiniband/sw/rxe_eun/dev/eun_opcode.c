// SPDX-License-Identifier: GPL-2.0
/*
 * Entries of the ooo opcodes in rxe's opcode table.
 *
 * rxe_rcv() sizes, checks and routes a packet by rxe_opcode[]: a request
 * (RXE_REQ_MASK) goes to the responder, anything else to the completer.
 * The table is writable, so the module fills in the three ooo opcodes
 * when it loads instead of patching rxe_opcode.c. The lengths are the
 * fixed part of each header (IMMDT, when flagged in EUNH, and the payload
 * follow it); only eun_* code ever parses these packets past the BTH.
 */

#include "rxe.h"
#include "eun/eun_wire.h"
#include "eun_opcode.h"

#define EUN_RETH_LEN	16

static const struct rxe_opcode_info eun_opcodes[] = {
	{
		.name	= "IB_OPCODE_RC_EUN_WRITE",
		.mask	= RXE_RETH_MASK | RXE_PAYLOAD_MASK | RXE_REQ_MASK |
			  RXE_WRITE_MASK,
		.length	= RXE_BTH_BYTES + EUN_RETH_LEN + EUN_EXT_HDR_LEN,
		.offset	= {
			[RXE_BTH]	= 0,
			[RXE_RETH]	= RXE_BTH_BYTES,
			[RXE_PAYLOAD]	= RXE_BTH_BYTES + EUN_RETH_LEN +
					  EUN_EXT_HDR_LEN,
		},
	},
	{
		.name	= "IB_OPCODE_RC_EUN_SEND",
		.mask	= RXE_PAYLOAD_MASK | RXE_REQ_MASK | RXE_SEND_MASK,
		.length	= RXE_BTH_BYTES + EUN_EXT_HDR_LEN,
		.offset	= {
			[RXE_BTH]	= 0,
			[RXE_PAYLOAD]	= RXE_BTH_BYTES + EUN_EXT_HDR_LEN,
		},
	},
	{
		.name	= "IB_OPCODE_RC_EUN_ACK",
		.mask	= RXE_AETH_MASK | RXE_PAYLOAD_MASK | RXE_ACK_MASK |
			  RXE_START_MASK | RXE_END_MASK,
		.length	= RXE_BTH_BYTES + RXE_AETH_BYTES,
		.offset	= {
			[RXE_BTH]	= 0,
			[RXE_AETH]	= RXE_BTH_BYTES,
			[RXE_PAYLOAD]	= RXE_BTH_BYTES + RXE_AETH_BYTES,
		},
	},
};

static const u8 eun_opcode_values[] = {
	IB_OPCODE_RC | EUN_OP_RC_WRITE,
	IB_OPCODE_RC | EUN_OP_RC_SEND,
	IB_OPCODE_RC | EUN_OP_RC_ACK,
};

/**
 * eun_opcodes_install() - enter the ooo opcodes into rxe_opcode[]
 *
 * Return: 0, or -EEXIST if rxe already uses one of the values (a newer
 * rxe that took them: the wire format must move).
 */
int eun_opcodes_install(void)
{
	unsigned int i;

	BUILD_BUG_ON(ARRAY_SIZE(eun_opcodes) != ARRAY_SIZE(eun_opcode_values));
	BUILD_BUG_ON(RXE_MAX_HDR_LENGTH < 80 + EUN_EXTRA_HDR_ROOM);

	for (i = 0; i < ARRAY_SIZE(eun_opcode_values); i++) {
		if (rxe_opcode[eun_opcode_values[i]].mask) {
			pr_err("rdma_rxe_eun: opcode 0x%02x is taken by rxe; the ooo wire format cannot use it\n",
			       eun_opcode_values[i]);
			return -EEXIST;
		}
	}
	for (i = 0; i < ARRAY_SIZE(eun_opcode_values); i++)
		rxe_opcode[eun_opcode_values[i]] = eun_opcodes[i];
	return 0;
}

/**
 * eun_op_is_ooo_request() - whether a packet is an EUN_WRITE or EUN_SEND
 * @opcode: BTH opcode
 *
 * Return: true for the two ooo request opcodes.
 */
bool eun_op_is_ooo_request(u8 opcode)
{
	return opcode == (IB_OPCODE_RC | EUN_OP_RC_WRITE) ||
	       opcode == (IB_OPCODE_RC | EUN_OP_RC_SEND);
}

/**
 * eun_op_is_ooo_ack() - whether a packet is an EUN_ACK
 * @opcode: BTH opcode
 *
 * Return: true for the ooo acknowledgment opcode.
 */
bool eun_op_is_ooo_ack(u8 opcode)
{
	return opcode == (IB_OPCODE_RC | EUN_OP_RC_ACK);
}

/**
 * eun_op_is_read_response() - whether a packet is an RC READ response
 * @opcode: BTH opcode
 *
 * Return: true for READ_RESPONSE_FIRST, _MIDDLE, _LAST and _ONLY.
 */
bool eun_op_is_read_response(u8 opcode)
{
	return opcode >= IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST &&
	       opcode <= IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY;
}
