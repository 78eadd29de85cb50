#pragma once
// Scratch memory each thread lends to one user at a time. Translation visits, rewrites and
// differentiates every equation of a model, a million times for a long drive line, and
// allocating the work space of each (a stack, marks, a memo) cost more than the work. A
// user that starts while the thread's scratch is lent out (a visitor that visits) gets one
// of its own. What the scratch holds is the user's to reset.
#include <memory>

namespace flange::expr {

template <class T>
class ThreadScratch {
public:
    ThreadScratch() : lent_(!busy())
    {
        if (lent_)
            busy() = true;
        else
            own_ = std::make_unique<T>();
    }
    ~ThreadScratch()
    {
        if (lent_)
            busy() = false;
    }
    ThreadScratch(const ThreadScratch&) = delete;
    ThreadScratch& operator=(const ThreadScratch&) = delete;

    T& get() { return lent_ ? shared() : *own_; }

private:
    static bool& busy()
    {
        thread_local bool lentOut = false;
        return lentOut;
    }
    static T& shared()
    {
        thread_local T scratch;
        return scratch;
    }
    bool lent_;
    std::unique_ptr<T> own_;
};

} // namespace flange::expr
