#pragma once
// The times of the output grid: the doubles nearest to the decimal start + i * interval
// (0.018, not 0.018000000000000002 = 18 * 0.001 in binary), as a user who typed the start
// and the interval reads them; the stop time ends the grid. Where the decimals do not fit
// in 53 bits (an interval of 1/3 s, a start of 10^20), start + i * interval in doubles.
namespace flange::solve {

class OutputGrid {
public:
    // Points 0..last, the last at tEnd.
    OutputGrid(double t0, double dt, double tEnd, long last);
    double time(long i) const;
    long last() const { return last_; }

private:
    double t0_, dt_, tEnd_;
    long last_;
    bool decimal_ = false;
    long long start_ = 0, step_ = 0; // t0 and dt in units of 10^-places_
    double scale_ = 1;               // 10^places_, exact in a double
};

} // namespace flange::solve
