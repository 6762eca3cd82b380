// CellState (issue 20): what a snapshot says about a periodic cell. Closed forms: bodies at rest
// in a sheared medium (v = L x) have the medium's profile L x at the bins' centres (the dashed
// line carries the bodies' mean velocity) and no fluctuation speed; a body given a fluctuation
// velocity u has |u|; the stress is the core's Simulation::cellStress of the same state; the
// camera's bounds hold the cell's corners.
#include <QtTest>

#include <numeric>

#include "TestHelpers.h"
#include "session/CellState.h"
#include "session/FrameSnapshot.h"
#include "session/SnapshotBuilder.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

constexpr std::size_t kBins = CellState::kProfileBins;
constexpr double kR = 0.002; // m

// a cell tilted by shear (b leans along x), sheared at 2 1/s
Mat3 sides()
{
    Mat3 h;
    h.col(0) = Vec3(0.16, 0.0, 0.0);
    h.col(1) = Vec3(0.03, 0.16, 0.0);
    h.col(2) = Vec3(0.0, 0.0, 0.12);
    return h;
}

Mat3 shear(double rate)
{
    Mat3 l = Mat3::Zero();
    l(0, 1) = rate;
    return l;
}

// three bodies at the middle of each bin along b (fractional s_y = (k + 1/2) / bins), at rest
// in the medium, one of them past the cell's top face by a period (its image is in bin 0)
World restingInTheMedium(const Mat3& l)
{
    World w;
    w.materials.push_back(Material{});
    w.gravity = Vec3::Zero();
    const Mat3 h = sides();
    for (std::size_t k = 0; k < kBins; ++k) {
        const double s = (double(k) + 0.5) / double(kBins);
        for (double sx : {0.2, 0.5, 0.8}) {
            const Vec3 x = h * Vec3(sx, s, 0.5);
            w.addSphere(0, kR, x, l * x, Vec3::Zero());
        }
    }
    const Vec3 past = h * Vec3(0.35, 1.0 + 0.5 / double(kBins), 0.5);
    w.addSphere(0, kR, past, l * past, Vec3::Zero());
    w.cell = PeriodicCell(h, {true, true, true}, l, CellModel::MediumCarried);
    return w;
}

Simulation simulation(World w)
{
    SimParams p;
    p.dt = 1e-5;
    p.sortBodies = false;
    return Simulation(std::move(w), p);
}

FrameSnapshot publish(const Simulation& sim)
{
    FrameSnapshot s;
    PublishScratch scratch;
    fillBodies(s, sim, -1, scratch);
    fillCell(s, sim, scratch);
    return s;
}

} // namespace

class TestCellState : public QObject {
    Q_OBJECT
private slots:
    void profileOfBodiesAtRestInTheMediumIsTheMediums()
    {
        const Mat3 l = shear(2.0);
        const Simulation sim = simulation(restingInTheMedium(l));
        const FrameSnapshot s = publish(sim);
        QVERIFY(s.cell);
        const CellState& c = *s.cell;
        const Mat3 h = sides();
        QCOMPARE(c.vectors, h);
        QCOMPARE(c.gradient, l);
        QCOMPARE(c.model, CellModel::MediumCarried);
        TUMBLE_NEAR(c.volume, h.determinant(), 0.0, 1e-14);
        int counted = 0;
        for (std::size_t k = 0; k < kBins; ++k) {
            // the bin's centre H (1/2, s, 1/2): y = s b_y, and the medium's v_x there L_xy y
            const double y = (double(k) + 0.5) / double(kBins) * 0.16;
            TUMBLE_NEAR(c.binY[k], y, 1e-15, 1e-12);
            TUMBLE_NEAR(c.mediumVx[k], 2.0 * y, 1e-15, 1e-12);
            TUMBLE_NEAR(c.meanVx[k], c.mediumVx[k], 1e-15, 1e-12);
            QCOMPARE(c.binCount[k], k == 0 ? 4 : 3); // the body past the top face counts in bin 0
            counted += c.binCount[k];
        }
        QCOMPARE(std::size_t(counted), sim.world().size());
    }

    void theAffineLineCarriesTheBodiesMeanVelocity()
    {
        // Lees-Edwards keeps a gas's zero momentum: its steady shear is L (x - <x>), whose mean v_x
        // is zero; the dashed line is drawn through the bodies' mean, so the points lie on it
        const Mat3 l = shear(2.0);
        World w = restingInTheMedium(l);
        Vec3 mean = Vec3::Zero();
        for (std::size_t i = 0; i + 1 < w.size(); ++i) // the body past the face counts at its image
            mean += w.position[i];
        mean += w.position.back() - sides().col(1);
        mean /= double(w.size());
        for (std::size_t i = 0; i < w.size(); ++i)
            w.velocity[i] -= l * mean;
        w.cell->setModel(CellModel::LeesEdwards);
        const FrameSnapshot s = publish(simulation(std::move(w)));
        const CellState& c = *s.cell;
        for (std::size_t k = 0; k < kBins; ++k) {
            TUMBLE_NEAR(c.mediumVx[k], 2.0 * (c.binY[k] - mean.y()), 1e-15, 1e-12);
            TUMBLE_NEAR(c.meanVx[k], c.mediumVx[k], 1e-15, 1e-12);
        }
    }

    void anEmptyBinIsNotANumber()
    {
        World w;
        w.materials.push_back(Material{});
        w.gravity = Vec3::Zero();
        const Vec3 x = sides() * Vec3(0.5, 0.5, 0.5);
        w.addSphere(0, kR, x, Vec3::Zero(), Vec3::Zero());
        w.cell = PeriodicCell(sides(), {true, true, true}, shear(2.0), CellModel::LeesEdwards);
        const FrameSnapshot s = publish(simulation(std::move(w)));
        QCOMPARE(s.cell->model, CellModel::LeesEdwards);
        QCOMPARE(std::accumulate(s.cell->binCount.begin(), s.cell->binCount.end(), 0), 1);
        QCOMPARE(s.cell->binCount[kBins / 2], 1);
        QVERIFY(std::isnan(s.cell->meanVx[0]));
        QCOMPARE(s.cell->meanVx[kBins / 2], 0.0); // at rest in the lab
    }

    void fluctuationSpeedIsTheSpeedRelativeToTheMedium()
    {
        const Mat3 l = shear(2.0);
        World w = restingInTheMedium(l);
        // body 5 moves relative to the medium at u = (0.3, -0.4, 0) m/s, |u| = 0.5
        w.velocity[5] += Vec3(0.3, -0.4, 0.0);
        const FrameSnapshot s = publish(simulation(std::move(w)));
        QCOMPARE(s.fluctuationSpeeds.size(), s.memberCount());
        for (std::size_t j = 0; j < s.memberCount(); ++j) {
            const double expected = s.bodyOf(j) == 5 ? 0.5 : 0.0;
            TUMBLE_NEAR(s.fluctuationSpeeds[j], expected, 1e-7, 1e-6);
            QVERIFY(s.speeds[j] > 0.0f); // the lab speed is the medium's
        }
    }

    void stressIsTheCoresCellStress()
    {
        // two overlapping spheres across the cell's x face (a contact through the boundary),
        // one moving relative to the medium
        World w;
        Material m;
        m.kn = 1e5;
        w.materials.push_back(m);
        w.gravity = Vec3::Zero();
        const Mat3 l = shear(3.0);
        const Vec3 a(0.004, 0.05, 0.05), b(0.157, 0.052, 0.05);
        w.addSphere(0, 0.005, a, l * a + Vec3(0.01, 0.02, 0.0), Vec3::Zero());
        w.addSphere(0, 0.005, b, l * b, Vec3::Zero());
        Mat3 h = 0.16 * Mat3::Identity();
        w.cell = PeriodicCell(h, {true, true, true}, l, CellModel::MediumCarried);
        Simulation sim = simulation(std::move(w));
        for (int i = 0; i < 5; ++i)
            sim.step();
        QCOMPARE(sim.contactCount(), std::size_t(1));
        const CellStress core = sim.cellStress();
        const FrameSnapshot s = publish(sim);
        QVERIFY(core.sigma.norm() > 0.0);
        QCOMPARE(s.cell->stress, core.sigma);
        QCOMPARE(s.cell->pressure, core.pressure);
        QCOMPARE(s.cell->deviator, core.deviator);
        QCOMPARE(s.cell->volume, core.volume);
        QCOMPARE(s.cell->strain, core.strain);
        QCOMPARE(s.cell->vectors, sim.world().cell->vectors());
    }

    void boundsHoldTheCellsCorners()
    {
        const Simulation sim = simulation(restingInTheMedium(shear(2.0)));
        double b[6];
        sceneBounds(sim.world(), b);
        const FrameSnapshot s = publish(sim);
        for (int c = 0; c < 8; ++c) {
            const Vec3 corner = s.cell->corner(c);
            for (int k = 0; k < 3; ++k) {
                QVERIFY(corner[k] >= b[2 * k] - 1e-15);
                QVERIFY(corner[k] <= b[2 * k + 1] + 1e-15);
            }
        }
        QCOMPARE(s.cell->corner(7), Vec3(sides().rowwise().sum()));
    }

    void noCellNoCellState()
    {
        World w;
        w.materials.push_back(Material{});
        w.addSphere(0, kR, Vec3::Zero(), Vec3(1.0, 0.0, 0.0), Vec3::Zero());
        const FrameSnapshot s = publish(simulation(std::move(w)));
        QVERIFY(!s.cell);
        QVERIFY(s.fluctuationSpeeds.empty());
        QCOMPARE(s.speeds.size(), std::size_t(1));
    }
};

QTEST_APPLESS_MAIN(TestCellState)
#include "TestCellState.moc"
