#include "view3d/BodyOverlay.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>

namespace tumble::ui {

namespace {

// sides of an arrow's shaft and cone
constexpr int kSides = 12;
// vertices of one arrow: shaft bottom and top rings, cone base and apex rings (apex repeated
// for the side normals), cone back disc ring and its centre
constexpr int kArrowVertices = 5 * kSides + 1;
// triangles of one arrow: shaft 2K, cone side K, cone back K
constexpr int kArrowTriangles = 4 * kSides;

// an arrow's proportions, x the body's bounding radius R: shaft radius, head length, head radius
struct ArrowShape {
    double shaft;
    double headLength;
    double headRadius;
};
constexpr ArrowShape kTriadShape{0.022, 0.16, 0.060};
constexpr ArrowShape kOmegaShape{0.034, 0.24, 0.085};
constexpr ArrowShape kMomentumShape{0.070, 0.30, 0.140};
// the L arrow's opacity: w stays visible inside it when the two are parallel
constexpr double kMomentumOpacity = 0.6;

const ArrowShape& shapeOf(ArrowKind k)
{
    switch (k) {
    case ArrowKind::AngularVelocity:
        return kOmegaShape;
    case ArrowKind::AngularMomentum:
        return kMomentumShape;
    default:
        return kTriadShape;
    }
}

// the triangles of arrow a (vertex ids relative to the arrow's first vertex)
template <class F> void forEachTriangle(F&& f)
{
    const int K = kSides;
    for (int k = 0; k < K; ++k) {
        const int k1 = (k + 1) % K;
        // shaft: bottom ring 0..K-1, top ring K..2K-1
        f(k, k1, K + k1);
        f(k, K + k1, K + k);
        // cone side: base ring 2K.., apex ring 3K..
        f(2 * K + k, 2 * K + k1, 3 * K + k);
        // cone back: ring 4K.., centre 5K, facing back along the shaft
        f(5 * K, 4 * K + k1, 4 * K + k);
    }
}

// cos and sin of the sides' angles, once
struct SideAngles {
    double c[kSides];
    double s[kSides];
    SideAngles()
    {
        for (int k = 0; k < kSides; ++k) {
            c[k] = std::cos(2.0 * M_PI * double(k) / double(kSides));
            s[k] = std::sin(2.0 * M_PI * double(k) / double(kSides));
        }
    }
};
const SideAngles kAngles;

bool finiteState(const BodyState& b)
{
    return isFinite(b) && b.moments.allFinite() && std::isfinite(b.boundingRadius) && b.boundingRadius > 0.0 &&
           b.moments.y() > 0.0;
}

} // namespace

// ------------------------------------------------------------------------------------------------
// one polydata of arrows, written in place
struct ArrowMesh {
    vtkNew<vtkPolyData> poly;
    vtkNew<vtkPoints> points;
    vtkNew<vtkFloatArray> normals;
    vtkNew<vtkUnsignedCharArray> colours;
    vtkNew<vtkCellArray> triangles;
    vtkNew<vtkPolyDataMapper> mapper;
    vtkNew<vtkActor> actor;
    vtkIdType built = -1; // arrows the triangles were built for

    ArrowMesh()
    {
        points->SetDataTypeToFloat();
        normals->SetNumberOfComponents(3);
        normals->SetName("normals");
        colours->SetNumberOfComponents(3);
        colours->SetName("colour");
        poly->SetPoints(points);
        poly->SetPolys(triangles);
        poly->GetPointData()->SetNormals(normals);
        poly->GetPointData()->SetScalars(colours);
        mapper->SetInputData(poly);
        mapper->SetColorModeToDirectScalars();
        mapper->ScalarVisibilityOn();
        actor->SetMapper(mapper);
        vtkProperty* p = actor->GetProperty();
        p->SetAmbient(0.25);
        p->SetDiffuse(0.75);
        p->SetSpecular(0.25);
        p->SetSpecularPower(30.0);
        actor->PickableOff();
    }

    // n arrows: size the arrays, and build the triangles when the count changed
    void resize(vtkIdType n)
    {
        points->SetNumberOfPoints(n * kArrowVertices);
        normals->SetNumberOfTuples(n * kArrowVertices);
        colours->SetNumberOfTuples(n * kArrowVertices);
        if (n == built)
            return;
        triangles->Reset(); // keeps its storage
        for (vtkIdType a = 0; a < n; ++a) {
            const vtkIdType base = a * kArrowVertices;
            forEachTriangle([&](int i, int j, int k) {
                const vtkIdType ids[3] = {base + i, base + j, base + k};
                triangles->InsertNextCell(3, ids);
            });
        }
        triangles->Modified();
        built = n;
    }

    void modified()
    {
        points->Modified();
        normals->Modified();
        colours->Modified();
        poly->Modified();
    }

    // arrow slot a from `from` along unit direction d, length len, proportions in metres
    void write(vtkIdType a, const Vec3& from, const Vec3& d, double len, double shaft, double headLength,
               double headRadius, const std::array<unsigned char, 3>& rgb)
    {
        // a short arrow keeps its head at most half its length, narrowed alike
        if (headLength > 0.5 * len) {
            headRadius *= 0.5 * len / headLength;
            headLength = 0.5 * len;
            shaft = std::min(shaft, 0.6 * headRadius);
        }
        const Vec3 u = d.unitOrthogonal();
        const Vec3 v = d.cross(u);
        const Vec3 neck = from + (len - headLength) * d;
        const Vec3 tip = from + len * d;
        float* x = static_cast<vtkFloatArray*>(points->GetData())->GetPointer(3 * a * kArrowVertices);
        float* nrm = normals->GetPointer(3 * a * kArrowVertices);
        unsigned char* c = colours->GetPointer(3 * a * kArrowVertices);
        auto put = [&](int i, const Vec3& p, const Vec3& n) {
            x[3 * i] = float(p.x());
            x[3 * i + 1] = float(p.y());
            x[3 * i + 2] = float(p.z());
            nrm[3 * i] = float(n.x());
            nrm[3 * i + 1] = float(n.y());
            nrm[3 * i + 2] = float(n.z());
            c[3 * i] = rgb[0];
            c[3 * i + 1] = rgb[1];
            c[3 * i + 2] = rgb[2];
        };
        const int K = kSides;
        for (int k = 0; k < K; ++k) {
            const Vec3 radial = kAngles.c[k] * u + kAngles.s[k] * v;
            // the cone's side normal: radial tilted towards the tip by the cone's slope
            const Vec3 coneNormal = (headLength * radial + headRadius * d).normalized();
            put(k, from + shaft * radial, radial);
            put(K + k, neck + shaft * radial, radial);
            put(2 * K + k, neck + headRadius * radial, coneNormal);
            put(3 * K + k, tip, coneNormal);
            put(4 * K + k, neck + headRadius * radial, -d);
        }
        put(5 * K, neck, -d);
    }
};

// ------------------------------------------------------------------------------------------------
struct BodyOverlay::Pipeline {
    vtkRenderer* renderer = nullptr;
    ArrowMesh opaque;      // triads and w
    ArrowMesh translucent; // L

    // trails: polylines with per-vertex rgba, plus a dot at each newest point
    vtkNew<vtkPolyData> trails;
    vtkNew<vtkPoints> trailPoints;
    vtkNew<vtkUnsignedCharArray> trailRgba;
    vtkNew<vtkCellArray> trailLines;
    vtkNew<vtkCellArray> trailDots;
    vtkNew<vtkPolyDataMapper> trailMapper;
    vtkNew<vtkActor> trailActor;
    std::vector<int> trailCounts; // points per trail the cells were built for
};

// ------------------------------------------------------------------------------------------------
BodyOverlay::BodyOverlay(vtkRenderer* renderer) : m_p(std::make_unique<Pipeline>())
{
    Pipeline& p = *m_p;
    p.renderer = renderer;
    p.translucent.actor->GetProperty()->SetOpacity(kMomentumOpacity);
    p.translucent.actor->GetProperty()->SetSpecular(0.1);
    // front faces only: no back disc or far wall seen through the near one
    p.translucent.actor->GetProperty()->BackfaceCullingOn();

    p.trailPoints->SetDataTypeToFloat();
    p.trailRgba->SetNumberOfComponents(4);
    p.trailRgba->SetName("rgba");
    p.trails->SetPoints(p.trailPoints);
    p.trails->SetLines(p.trailLines);
    p.trails->SetVerts(p.trailDots);
    p.trails->GetPointData()->SetScalars(p.trailRgba);
    p.trailMapper->SetInputData(p.trails);
    p.trailMapper->SetColorModeToDirectScalars();
    p.trailMapper->ScalarVisibilityOn();
    p.trailActor->SetMapper(p.trailMapper);
    vtkProperty* tp = p.trailActor->GetProperty();
    tp->SetLineWidth(2.5f);
    tp->SetPointSize(7.0f);
    tp->RenderPointsAsSpheresOn();
    tp->LightingOff();
    p.trailActor->PickableOff();

    if (renderer) {
        renderer->AddActor(p.opaque.actor);
        renderer->AddActor(p.trailActor);
        renderer->AddActor(p.translucent.actor);
    }
}

BodyOverlay::~BodyOverlay()
{
    Pipeline& p = *m_p;
    if (p.renderer) {
        p.renderer->RemoveActor(p.opaque.actor);
        p.renderer->RemoveActor(p.trailActor);
        p.renderer->RemoveActor(p.translucent.actor);
    }
}

// ------------------------------------------------------------------------------------------------
std::array<unsigned char, 3> BodyOverlay::colour(ArrowKind kind)
{
    switch (kind) {
    case ArrowKind::E1:
        return {214, 39, 40}; // red
    case ArrowKind::E2:
        return {44, 160, 44}; // green
    case ArrowKind::E3:
        return {31, 90, 220}; // blue
    case ArrowKind::AngularVelocity:
        return {255, 150, 0}; // orange
    case ArrowKind::AngularMomentum:
        return {200, 20, 200}; // magenta
    }
    return {0, 0, 0};
}

std::array<unsigned char, 3> BodyOverlay::trailColour()
{
    return {20, 70, 95};
} // dark teal

void BodyOverlay::setOptions(const OverlayOptions& options)
{
    if (!options.trail)
        m_trails.clear();
    m_options = options;
}

// ------------------------------------------------------------------------------------------------
void BodyOverlay::resetScene(const FrameSnapshot& s)
{
    m_revision = s.scene->revision;
    const std::size_t n = s.bodyCount();
    m_refL0.assign(n, -1.0);
    m_refMax.assign(n, 0.0);
    m_scale.assign(n, 0.0);
    m_trails.clear();
}

double BodyOverlay::updateReference(const BodyState& b)
{
    if (b.id < 0)
        return 0.0;
    const std::size_t i = std::size_t(b.id);
    if (i >= m_refL0.size()) {
        m_refL0.resize(i + 1, -1.0);
        m_refMax.resize(i + 1, 0.0);
        m_scale.resize(i + 1, 0.0);
    }
    const double L = b.angularMomentum.norm();
    if (m_refL0[i] < 0.0)
        m_refL0[i] = L;
    m_refMax[i] = std::max(m_refMax[i], L);
    // a body turning at load keeps that |L| as its reference; one at rest takes the largest
    // |L| seen so far, never less than a body turning at kRestRate about e2
    const double rest = b.moments.y() * kRestRate;
    m_scale[i] = m_refL0[i] >= rest ? m_refL0[i] : std::max(m_refMax[i], rest);
    return m_scale[i];
}

double BodyOverlay::referenceMomentum(int b) const
{
    return b >= 0 && std::size_t(b) < m_scale.size() ? m_scale[std::size_t(b)] : 0.0;
}

// ------------------------------------------------------------------------------------------------
void BodyOverlay::update(const FrameSnapshot& s, int selected)
{
    if (s.scene && s.scene->revision != m_revision)
        resetScene(s);
    else if (s.time < m_lastTime)
        m_trails.clear(); // time went backwards: a reset without a new revision
    m_lastTime = s.time;

    // the selected body's state: a clump's from the clump list, a sphere's from `selected`
    const BodyState* chosen = selected >= 0 ? s.bodyState(selected) : nullptr;
    if (chosen && !finiteState(*chosen))
        chosen = nullptr;

    // references first, for every body whatever is shown: |L| at load is the one that counts
    for (const BodyState& c : s.clumps)
        if (finiteState(c))
            updateReference(c);
    if (chosen)
        updateReference(*chosen);

    // arrows: every clump's (per the modes), then the selected body's
    m_arrows.clear();
    m_arrowRadius.clear();
    const bool triadsAll = m_options.triads == TriadMode::EveryClump;
    const bool arrowsAll = m_options.arrows && m_options.triads != TriadMode::Selected;
    if (triadsAll || arrowsAll)
        for (const BodyState& c : s.clumps)
            if (c.id != selected)
                addBody(c, triadsAll, arrowsAll);
    if (chosen)
        addBody(*chosen, m_options.triads != TriadMode::Off, m_options.arrows);

    updateTrails(s, selected, chosen);
    upload();
}

void BodyOverlay::addBody(const BodyState& b, bool triad, bool arrows)
{
    if (!finiteState(b) || (!triad && !arrows))
        return;
    const double R = b.boundingRadius;
    const Vec3& x = b.position;
    if (triad) {
        const Mat3 axes = b.orientation.normalized().toRotationMatrix(); // columns e1 e2 e3
        const ArrowKind kinds[3] = {ArrowKind::E1, ArrowKind::E2, ArrowKind::E3};
        for (int k = 0; k < 3; ++k) {
            m_arrows.push_back({b.id, kinds[k], x, x + kTriadLength * R * axes.col(k)});
            m_arrowRadius.push_back(R);
        }
    }
    if (!arrows)
        return;
    const double ref = m_scale[std::size_t(b.id)];
    if (!(ref > 0.0))
        return;
    const double wRef = ref / b.moments.y();
    auto arrow = [&](ArrowKind kind, const Vec3& value, double reference) {
        const double magnitude = value.norm();
        const double len = std::min(kArrowLength * R * magnitude / reference, kMaxLength * R);
        // nothing to draw for a zero vector (a body at rest)
        if (!(len > 1e-6 * R) || !std::isfinite(len))
            return;
        m_arrows.push_back({b.id, kind, x, x + len * value / magnitude});
        m_arrowRadius.push_back(R);
    };
    arrow(ArrowKind::AngularVelocity, b.angularVelocity, wRef);
    arrow(ArrowKind::AngularMomentum, b.angularMomentum, ref);
}

// ------------------------------------------------------------------------------------------------
Vec3 BodyOverlay::markedOffset(const FrameSnapshot& s, const BodyState& b) const
{
    // the surface point of the member that reaches farthest from the centre of mass
    const double R = b.boundingRadius;
    if (b.type == BodyType::Clump && s.scene && s.scene->memberOffsets.size() == s.memberCount()) {
        const std::vector<Vec3>& offsets = s.scene->memberOffsets;
        double best = -1.0;
        Vec3 point = Vec3::Zero();
        for (std::size_t i = 0; i < s.memberCount(); ++i) {
            if (s.bodyOf(i) != b.id)
                continue;
            const Vec3& c = offsets[i];
            const double d = c.norm();
            const double r = double(s.radii[i]);
            if (!(d > 1e-9 * R) || !std::isfinite(r) || d + r <= best)
                continue;
            best = d + r;
            point = c * ((d + r) / d);
        }
        if (best > 0.0)
            return point;
    }
    // a sphere (or a clump with only a centred member): the surface point on e1
    return Vec3(R, 0.0, 0.0);
}

void BodyOverlay::updateTrails(const FrameSnapshot& s, int selected, const BodyState* chosen)
{
    if (!m_options.trail) {
        m_trails.clear();
        uploadTrails();
        return;
    }
    // which bodies: every clump when there are few, and the selected body
    m_wanted.clear();
    if (s.clumps.size() <= std::size_t(kTrailAllClumps))
        for (const BodyState& c : s.clumps)
            m_wanted.push_back(c.id);
    if (chosen && std::find(m_wanted.begin(), m_wanted.end(), chosen->id) == m_wanted.end())
        m_wanted.push_back(chosen->id);
    std::erase_if(m_trails, [&](const Trail& t) {
        return std::find(m_wanted.begin(), m_wanted.end(), t.body) == m_wanted.end();
    });

    for (int b : m_wanted) {
        const BodyState* state = b == selected ? chosen : s.clumpState(b);
        if (!state || !finiteState(*state))
            continue;
        auto it = std::find_if(m_trails.begin(), m_trails.end(), [b](const Trail& t) { return t.body == b; });
        if (it == m_trails.end()) {
            Trail t;
            t.body = b;
            t.offset = markedOffset(s, *state);
            t.ring.resize(kTrailLength);
            m_trails.push_back(std::move(t));
            it = m_trails.end() - 1;
        }
        Trail& t = *it;
        // one point per advance of time: the same snapshot again adds nothing
        if (t.count > 0 && !(s.time > t.lastTime))
            continue;
        const Pose pose{state->position, state->orientation.normalized()};
        if (!(pose.centre + pose.orientation * t.offset).allFinite())
            continue;
        t.ring[std::size_t(t.head)] = pose;
        t.head = (t.head + 1) % kTrailLength;
        t.count = std::min(t.count + 1, kTrailLength);
        t.lastTime = s.time;
    }
    uploadTrails();
}

// ------------------------------------------------------------------------------------------------
void BodyOverlay::upload()
{
    Pipeline& p = *m_p;
    vtkIdType opaque = 0;
    vtkIdType translucent = 0;
    for (const OverlayArrow& a : m_arrows)
        (a.kind == ArrowKind::AngularMomentum ? translucent : opaque) += 1;
    p.opaque.resize(opaque);
    p.translucent.resize(translucent);

    vtkIdType io = 0;
    vtkIdType it = 0;
    for (const OverlayArrow& a : m_arrows) {
        const Vec3 span = a.to - a.from;
        const double len = span.norm();
        const double R = m_arrowRadius[std::size_t(&a - m_arrows.data())];
        const ArrowShape& shape = shapeOf(a.kind);
        ArrowMesh& mesh = a.kind == ArrowKind::AngularMomentum ? p.translucent : p.opaque;
        vtkIdType& slot = a.kind == ArrowKind::AngularMomentum ? it : io;
        mesh.write(slot++, a.from, span / len, len, shape.shaft * R, shape.headLength * R, shape.headRadius * R,
                   colour(a.kind));
    }
    p.opaque.modified();
    p.translucent.modified();
}

const BodyOverlay::Pose& BodyOverlay::Trail::key(int j) const
{
    return ring[std::size_t((head - 1 - j + 2 * kTrailLength) % kTrailLength)];
}

void BodyOverlay::uploadTrails()
{
    Pipeline& p = *m_p;
    // segments between consecutive poses: enough that none turns more than kTrailStepAngle
    m_segments.clear();
    vtkIdType total = 0;
    bool sameCells = p.trailCounts.size() == m_trails.size();
    for (std::size_t k = 0; k < m_trails.size(); ++k) {
        Trail& t = m_trails[k];
        t.vertices = t.count > 0 ? 1 : 0;
        for (int j = 0; j + 1 < t.count; ++j) {
            const double angle = t.key(j).orientation.angularDistance(t.key(j + 1).orientation);
            const int n = std::clamp(int(std::ceil(angle / kTrailStepAngle)), 1, kTrailMaxSubdivisions);
            m_segments.push_back(static_cast<unsigned char>(n));
            t.vertices += n;
        }
        sameCells = sameCells && p.trailCounts[k] == t.vertices;
        total += t.vertices;
    }
    p.trailPoints->SetNumberOfPoints(total);
    p.trailRgba->SetNumberOfTuples(total);

    // cells: a polyline per trail (newest first) and a dot at its newest point; rebuilt only
    // when the vertex counts change, into arrays that keep their storage
    if (!sameCells) {
        p.trailCounts.clear();
        p.trailLines->Reset();
        p.trailDots->Reset();
        vtkIdType first = 0;
        for (const Trail& t : m_trails) {
            p.trailCounts.push_back(t.vertices);
            if (t.vertices >= 2) {
                p.trailLines->InsertNextCell(t.vertices);
                for (int j = 0; j < t.vertices; ++j)
                    p.trailLines->InsertCellPoint(first + j);
            }
            if (t.vertices >= 1) {
                const vtkIdType dot = first;
                p.trailDots->InsertNextCell(1, &dot);
            }
            first += t.vertices;
        }
        p.trailLines->Modified();
        p.trailDots->Modified();
    }

    // points newest first; alpha falls linearly with age (in snapshots) over the full length
    float* x = total ? static_cast<vtkFloatArray*>(p.trailPoints->GetData())->GetPointer(0) : nullptr;
    unsigned char* c = total ? p.trailRgba->GetPointer(0) : nullptr;
    const auto rgb = trailColour();
    vtkIdType i = 0;
    auto put = [&](const Vec3& q, double age) {
        x[3 * i] = float(q.x());
        x[3 * i + 1] = float(q.y());
        x[3 * i + 2] = float(q.z());
        const double alpha = std::max(0.0, 1.0 - age / double(kTrailLength));
        c[4 * i] = rgb[0];
        c[4 * i + 1] = rgb[1];
        c[4 * i + 2] = rgb[2];
        c[4 * i + 3] = static_cast<unsigned char>(std::lround(255.0 * alpha));
        ++i;
    };
    std::size_t gap = 0;
    for (const Trail& t : m_trails) {
        for (int j = 0; j < t.count; ++j) {
            const Pose& a = t.key(j);
            put(a.centre + a.orientation * t.offset, double(j));
            if (j + 1 == t.count)
                break;
            // towards the next older pose along the slerp
            const Pose& b = t.key(j + 1);
            const int n = m_segments[gap++];
            for (int k = 1; k < n; ++k) {
                const double f = double(k) / double(n);
                const Vec3 centre = (1.0 - f) * a.centre + f * b.centre;
                put(centre + a.orientation.slerp(f, b.orientation) * t.offset, double(j) + f);
            }
        }
    }
    p.trailPoints->Modified();
    p.trailRgba->Modified();
    p.trails->Modified();
}

// ------------------------------------------------------------------------------------------------
std::vector<Vec3> BodyOverlay::arrowVertices(std::size_t i) const
{
    std::vector<Vec3> out;
    if (i >= m_arrows.size())
        return out;
    // the arrow's slot in its polydata: arrows of its polydata drawn before it
    const bool L = m_arrows[i].kind == ArrowKind::AngularMomentum;
    vtkIdType slot = 0;
    for (std::size_t k = 0; k < i; ++k)
        slot += (m_arrows[k].kind == ArrowKind::AngularMomentum) == L;
    const ArrowMesh& mesh = L ? m_p->translucent : m_p->opaque;
    for (vtkIdType v = 0; v < kArrowVertices; ++v) {
        double q[3];
        mesh.points->GetPoint(slot * kArrowVertices + v, q);
        out.emplace_back(q[0], q[1], q[2]);
    }
    return out;
}

std::vector<int> BodyOverlay::trailBodies() const
{
    std::vector<int> out;
    for (const Trail& t : m_trails)
        out.push_back(t.body);
    return out;
}

std::vector<TrailVertex> BodyOverlay::trail(int b) const
{
    std::vector<TrailVertex> out;
    vtkIdType first = 0;
    std::size_t gap = 0;
    for (const Trail& t : m_trails) {
        if (t.body != b) {
            first += t.vertices;
            gap += std::size_t(std::max(t.count - 1, 0));
            continue;
        }
        // key vertices: the first, then one after each gap's segments
        int nextKey = 0;
        for (int j = 0; j < t.vertices; ++j) {
            double q[3];
            m_p->trailPoints->GetPoint(first + j, q);
            const double a = m_p->trailRgba->GetTypedComponent(first + j, 3) / 255.0;
            const bool key = j == nextKey;
            if (key && gap < m_segments.size() && j + 1 < t.vertices)
                nextKey += m_segments[gap++];
            out.push_back({Vec3(q[0], q[1], q[2]), a, key});
        }
        break;
    }
    return out;
}

Vec3 BodyOverlay::trailOffset(int b) const
{
    for (const Trail& t : m_trails)
        if (t.body == b)
            return t.offset;
    return Vec3::Zero();
}

std::size_t BodyOverlay::pointCount() const
{
    const Pipeline& p = *m_p;
    return std::size_t(p.opaque.poly->GetNumberOfPoints() + p.translucent.poly->GetNumberOfPoints() +
                       p.trails->GetNumberOfPoints());
}

std::size_t BodyOverlay::cellCount() const
{
    const Pipeline& p = *m_p;
    return std::size_t(p.opaque.poly->GetNumberOfCells() + p.translucent.poly->GetNumberOfCells() +
                       p.trails->GetNumberOfCells());
}

} // namespace tumble::ui
