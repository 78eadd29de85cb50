#!/usr/bin/env python3
"""The benchmark chain (tests/bench/chain_model.hpp) written by hand as an ODE and
integrated with SciPy's LSODA and a banded Jacobian: the yardstick flange-bench sets
Flange's chain beside. N inertias (J = 1) joined by spring-dampers (c = 1e4, d = 10), a
constant torque of 10 on the first, the far end free, all at rest at t = 0; absolute
angles and speeds as states, interleaved (phi1, w1, phi2, w2, ...) so that the Jacobian
is banded.

Usage: chain_lsoda.py N STOP
Prints one line: "seconds <integration wall time> phi_first <phi1(STOP)> phi_last <phiN(STOP)>
rhs_evaluations <count>".
Exits with 77 (skipped) where SciPy is not installed."""
import sys
import time

try:
    import numpy as np
    from scipy.integrate import solve_ivp
except ImportError:
    print("skipped: SciPy is not installed")
    sys.exit(77)

J, C, D, TAU = 1.0, 1e4, 10.0, 10.0


def main():
    n = int(sys.argv[1])
    stop = float(sys.argv[2])

    def rhs(_t, x):
        phi, w = x[0::2], x[1::2]
        # torque of spring-damper i on inertia i+1 (and minus it on inertia i)
        tau = C * (phi[:-1] - phi[1:]) + D * (w[:-1] - w[1:])
        acc = np.zeros(n)
        acc[0] += TAU
        acc[:-1] -= tau
        acc[1:] += tau
        dx = np.empty_like(x)
        dx[0::2] = w
        dx[1::2] = acc / J
        return dx

    lband = uband = 3
    m = 2 * n

    def jac(_t, _x):
        # packed banded storage: jp[uband + i - j, j] = df_i/dx_j
        jp = np.zeros((lband + uband + 1, m))

        def put(i, j, v):
            jp[uband + i - j, j] += v

        rows = np.arange(n)
        put(2 * rows, 2 * rows + 1, 1.0)  # dphi_i/dt = w_i
        for k, s in ((0, -1.0), (1, 1.0)):  # couplings of a spring-damper to its two ends
            i = rows[:-1] + k          # inertia the torque acts on
            a, b = rows[:-1], rows[1:]  # its ends
            sign = s                    # -tau on inertia a, +tau on inertia b
            put(2 * i + 1, 2 * a, sign * C / J)
            put(2 * i + 1, 2 * b, -sign * C / J)
            put(2 * i + 1, 2 * a + 1, sign * D / J)
            put(2 * i + 1, 2 * b + 1, -sign * D / J)
        return jp

    x0 = np.zeros(m)
    t0 = time.perf_counter()
    sol = solve_ivp(rhs, (0.0, stop), x0, method="LSODA", rtol=1e-6, atol=1e-6, jac=jac,
                    lband=lband, uband=uband, t_eval=[stop])
    seconds = time.perf_counter() - t0
    if not sol.success:
        print("failed: " + sol.message)
        sys.exit(1)
    print("seconds %.4f phi_first %.10g phi_last %.10g rhs_evaluations %d" %
          (seconds, sol.y[0, -1], sol.y[m - 2, -1], sol.nfev))


main()
