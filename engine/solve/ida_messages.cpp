#include "engine/solve/ida_messages.hpp"

#include "engine/error.hpp"

#include <ida/ida.h>

namespace flange::solve {

std::string plainIdaFailure(int flag, double t, double h, const std::string& raw)
{
    const std::string at = "at t = " + readableNumber(t) + " s";
    const std::string step = " (last step " + readableNumber(h) + " s)";
    switch (flag) {
    case IDA_TOO_MUCH_WORK:
        return at + ": the solver took too many steps without reaching the next output point";
    case IDA_TOO_MUCH_ACC:
        return at + ": the tolerance asks for more accuracy than double precision holds; try a larger tolerance";
    case IDA_ERR_FAIL:
        return at + ": the error test failed again and again as the step shrank" + step +
               ": the solution probably jumps or a variable grows without bound";
    case IDA_CONV_FAIL:
    case IDA_NLS_FAIL:
        return at + ": the equations could not be solved for the next step" + step +
               ": the model may be singular there or change too abruptly";
    case IDA_LINIT_FAIL:
    case IDA_LSETUP_FAIL:
    case IDA_LSOLVE_FAIL:
        return at + ": the linear system of the step could not be solved" + step + ": the Jacobian is singular";
    case IDA_RES_FAIL:
    case IDA_REP_RES_ERR:
    case IDA_FIRST_RES_FAIL:
        return at + ": the equations give a value that is not a finite number (NaN or infinity)" + step;
    case IDA_RTFUNC_FAIL:
        return at + " an event condition could not be evaluated";
    case IDA_ILL_INPUT:
        return at + ": the solver refused its settings (a stop time or step size it cannot represent: " + raw + ")";
    default:
        return at + ": the solver failed" + step + (raw.empty() ? "" : ": " + raw);
    }
}

} // namespace flange::solve
