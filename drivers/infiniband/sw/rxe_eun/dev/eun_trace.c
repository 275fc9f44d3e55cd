// SPDX-License-Identifier: GPL-2.0
/*
 * The one place rxe_eun's tracepoints (eun_trace.h) are defined.
 */

#define CREATE_TRACE_POINTS
#include "eun_trace.h"
