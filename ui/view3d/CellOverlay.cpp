#include "view3d/CellOverlay.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>

namespace tumble::ui {

namespace {

// the corners whose fractional coordinates differ along one axis, as (corner, corner) by their
// bits (bit k: 1 along side k)
constexpr std::array<std::array<int, 2>, 12> kEdges = {
    {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}}};

// an image is never farther than this many periods from its sphere (bodies stay within a
// quarter of the cell past a face: docs/PERIODIC.md)
constexpr int kMaxShift = 2;

} // namespace

struct CellOverlay::Pipeline {
    vtkNew<vtkPolyData> edges;
    vtkNew<vtkPoints> corners;
    vtkNew<vtkCellArray> lines;
    vtkNew<vtkPolyDataMapper> mapper;
    vtkNew<vtkActor> actor;
};

CellOverlay::CellOverlay(vtkRenderer* renderer) : m_p(std::make_unique<Pipeline>())
{
    Pipeline& p = *m_p;
    p.corners->SetDataTypeToDouble();
    p.corners->SetNumberOfPoints(8);
    for (const auto& e : kEdges) {
        const vtkIdType ids[2] = {e[0], e[1]};
        p.lines->InsertNextCell(2, ids);
    }
    p.edges->SetPoints(p.corners);
    p.edges->SetLines(p.lines);
    p.mapper->SetInputData(p.edges);
    p.mapper->ScalarVisibilityOff();
    p.actor->SetMapper(p.mapper);
    p.actor->GetProperty()->SetColor(0.20, 0.24, 0.32);
    p.actor->GetProperty()->SetLineWidth(2.0f);
    p.actor->GetProperty()->LightingOff();
    p.actor->PickableOff();
    p.actor->VisibilityOff();
    renderer->AddActor(p.actor);
}

CellOverlay::~CellOverlay() = default;

void CellOverlay::update(const CellState& cell)
{
    Pipeline& p = *m_p;
    std::array<Vec3, 8> corner;
    for (int c = 0; c < 8; ++c) {
        corner[std::size_t(c)] = cell.corner(c);
        if (!corner[std::size_t(c)].allFinite()) {
            hide();
            return;
        }
        p.corners->SetPoint(c, corner[std::size_t(c)].data());
    }
    for (std::size_t k = 0; k < kEdges.size(); ++k)
        m_edges[k] = {corner[std::size_t(kEdges[k][0])], corner[std::size_t(kEdges[k][1])]};
    p.corners->Modified();
    p.edges->Modified();
    p.actor->VisibilityOn();
    m_visible = true;
}

void CellOverlay::hide()
{
    m_p->actor->VisibilityOff();
    m_visible = false;
}

void CellOverlay::images(const FrameSnapshot& s, std::vector<float>& xyz, std::vector<int>& member)
{
    xyz.clear();
    member.clear();
    if (!s.cell)
        return;
    const CellState& cell = *s.cell;
    const Mat3 inverse = cell.vectors.inverse();
    if (!inverse.allFinite())
        return;
    const std::size_t n = s.memberCount();
    float largest = 0.f;
    for (std::size_t i = 0; i < n; ++i)
        if (std::isfinite(s.radii[i]))
            largest = std::max(largest, s.radii[i]);
    // the margin along each periodic axis, in its fractional coordinate: d / width_k, the width
    // being the volume over the area of the face pair it crosses
    std::array<double, 3> margin{};
    for (int k = 0; k < 3; ++k) {
        const Vec3 face = cell.vectors.col((k + 1) % 3).cross(cell.vectors.col((k + 2) % 3));
        const double width = std::abs(cell.vectors.determinant()) / face.norm();
        margin[std::size_t(k)] = cell.periodic[std::size_t(k)] && width > 0.0 ? 2.0 * largest / width : 0.0;
    }
    for (std::size_t i = 0; i < n; ++i) {
        const float* x = &s.positions[3 * i];
        if (!std::isfinite(x[0]) || !std::isfinite(x[1]) || !std::isfinite(x[2]) || !(s.radii[i] > 0.f))
            continue;
        const Vec3 pos(x[0], x[1], x[2]);
        const Vec3 frac = inverse * pos;
        // per axis, the shifts n_k that put the copy within [-margin, 1 + margin]
        std::array<int, 3> lo{}, hi{};
        for (std::size_t k = 0; k < 3; ++k) {
            if (!cell.periodic[k])
                continue; // lo = hi = 0
            lo[k] = std::max(-kMaxShift, int(std::ceil(-margin[k] - frac[int(k)])));
            hi[k] = std::min(kMaxShift, int(std::floor(1.0 + margin[k] - frac[int(k)])));
        }
        for (int a = lo[0]; a <= hi[0]; ++a)
            for (int b = lo[1]; b <= hi[1]; ++b)
                for (int c = lo[2]; c <= hi[2]; ++c) {
                    if (a == 0 && b == 0 && c == 0)
                        continue; // the sphere itself
                    const Vec3 image = pos + cell.vectors * Vec3(double(a), double(b), double(c));
                    xyz.insert(xyz.end(), {float(image.x()), float(image.y()), float(image.z())});
                    member.push_back(int(i));
                }
    }
}

} // namespace tumble::ui
