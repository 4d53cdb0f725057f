/**
 * Connections the kernel queues for the portal until it accepts them (Node's default is 511). In a reconnect
 * storm, thousands of chargers at once after a restart, 511 overflowed: each connection dropped came back
 * only after TCP's retransmission backoff (1, 3, 7, 15 s …), and the storm took minutes while the portal
 * sat half idle (docs/performance.md "OCPP chargers"). The kernel caps it at `net.core.somaxconn` (4096 on
 * Debian 12).
 */
export const LISTEN_BACKLOG = 4096;
