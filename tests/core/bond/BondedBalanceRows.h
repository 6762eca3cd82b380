#pragma once
// The rows of a bonded system's energy-balance order test (TestBondedEnergy, TestBondedCantilever):
// each preset with the order its balance error converges at on a linear bonded system, the dt
// (a fraction of the critical timestep) and the steps to run. Second order for the leapfrogs
// (pfc, pfc4: velocity Verlet limits it; woo), first for the Euler presets, fifth for rk4 (each
// step multiplies a mode's energy by 1 - (w dt)^6 / 72); explicit Euler, unstable for every
// undamped mode, at a hundredth of the critical timestep for 100 steps.
#include <QtTest>

namespace tumble::test {

inline void addBondedBalanceRows()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<double>("order");
    QTest::addColumn<double>("dtFraction"); // of the critical timestep
    QTest::addColumn<int>("steps");
    QTest::newRow("pfc") << "pfc" << 2.0 << 0.2 << 400;
    QTest::newRow("pfc4") << "pfc4" << 2.0 << 0.2 << 400;
    QTest::newRow("woo") << "woo" << 2.0 << 0.2 << 400;
    QTest::newRow("rk4") << "rk4" << 5.0 << 0.2 << 400;
    QTest::newRow("symplectic_euler") << "symplectic_euler" << 1.0 << 0.2 << 400;
    QTest::newRow("euler") << "euler" << 1.0 << 0.01 << 100;
}

} // namespace tumble::test
