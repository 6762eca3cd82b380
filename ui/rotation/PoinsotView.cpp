#include "rotation/PoinsotView.h"

#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSphereSource.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <cmath>

#include "analysis/TorqueFreeMotion.h"
#include "session/TorqueFreeGhost.h"

namespace tumble::ui {

namespace {

// one polyline through points (replaced in place)
struct Polyline {
    vtkNew<vtkPoints> points;
    vtkNew<vtkPolyData> data;
    vtkNew<vtkPolyDataMapper> mapper;
    vtkNew<vtkActor> actor;

    void init(vtkRenderer* r, double red, double green, double blue, double width)
    {
        data->SetPoints(points);
        mapper->SetInputData(data);
        actor->SetMapper(mapper);
        actor->GetProperty()->SetColor(red, green, blue);
        actor->GetProperty()->SetLineWidth(float(width));
        actor->GetProperty()->LightingOff();
        r->AddActor(actor);
    }
    void set(const std::vector<Vec3>& xs, bool closed = false)
    {
        points->SetNumberOfPoints(vtkIdType(xs.size()));
        for (std::size_t i = 0; i < xs.size(); ++i)
            points->SetPoint(vtkIdType(i), xs[i].x(), xs[i].y(), xs[i].z());
        vtkNew<vtkCellArray> lines;
        if (xs.size() >= 2) {
            const vtkIdType n = vtkIdType(xs.size()) + (closed ? 1 : 0);
            lines->InsertNextCell(n);
            for (vtkIdType i = 0; i < n; ++i)
                lines->InsertCellPoint(i % vtkIdType(xs.size()));
        }
        data->SetLines(lines);
        points->Modified();
        data->Modified();
    }
};

vtkNew<vtkMatrix4x4> matrixOf(const Mat3& m)
{
    vtkNew<vtkMatrix4x4> out;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            out->SetElement(r, c, m(r, c));
    return out;
}

// two unit vectors completing n to a right-handed frame
void planeBasis(const Vec3& n, Vec3& u, Vec3& v)
{
    u = (std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).cross(n).normalized();
    v = n.cross(u);
}

} // namespace

struct PoinsotView::Pipeline {
    vtkNew<vtkRenderer> renderer;
    vtkNew<vtkSphereSource> unitSphere;
    vtkNew<vtkPolyDataMapper> ellipsoidMapper;
    vtkNew<vtkActor> ellipsoid;
    vtkNew<vtkActor> ellipsoidWire;
    vtkNew<vtkPolyData> plane;
    vtkNew<vtkPoints> planePoints;
    vtkNew<vtkPolyDataMapper> planeMapper;
    vtkNew<vtkActor> planeActor;
    Polyline polhode, herpolhode, exactPolhode, omega, momentum;
    vtkNew<vtkSphereSource> contactSource;
    vtkNew<vtkPolyDataMapper> contactMapper;
    vtkNew<vtkActor> contact;
    vtkNew<vtkTextActor> caption;
};

PoinsotView::PoinsotView(QWidget* parent) : VtkOpenGLWidget(parent), m_p(std::make_unique<Pipeline>())
{
    Pipeline& p = *m_p;
    vtkRenderer* r = p.renderer;
    r->GradientBackgroundOn();
    r->SetBackground(kBackgroundBottom[0], kBackgroundBottom[1], kBackgroundBottom[2]);
    r->SetBackground2(kBackgroundTop[0], kBackgroundTop[1], kBackgroundTop[2]);
    renderWindow()->AddRenderer(r);

    p.unitSphere->SetRadius(1.0);
    p.unitSphere->SetThetaResolution(48);
    p.unitSphere->SetPhiResolution(32);
    p.ellipsoidMapper->SetInputConnection(p.unitSphere->GetOutputPort());
    p.ellipsoid->SetMapper(p.ellipsoidMapper);
    p.ellipsoid->GetProperty()->SetColor(kEllipsoidColour[0], kEllipsoidColour[1], kEllipsoidColour[2]);
    p.ellipsoid->GetProperty()->SetOpacity(kEllipsoidOpacity);
    p.ellipsoid->GetProperty()->SetSpecular(0.4);
    r->AddActor(p.ellipsoid);
    // a coarse wireframe of the same ellipsoid, so its turning is visible
    vtkNew<vtkSphereSource> coarse;
    coarse->SetRadius(1.002);
    coarse->SetThetaResolution(12);
    coarse->SetPhiResolution(8);
    vtkNew<vtkPolyDataMapper> wireMapper;
    wireMapper->SetInputConnection(coarse->GetOutputPort());
    p.ellipsoidWire->SetMapper(wireMapper);
    p.ellipsoidWire->GetProperty()->SetRepresentationToWireframe();
    p.ellipsoidWire->GetProperty()->SetColor(0.75, 0.86, 1.0);
    p.ellipsoidWire->GetProperty()->SetOpacity(0.35);
    p.ellipsoidWire->GetProperty()->LightingOff();
    r->AddActor(p.ellipsoidWire);

    p.plane->SetPoints(p.planePoints);
    p.planeMapper->SetInputData(p.plane);
    p.planeActor->SetMapper(p.planeMapper);
    p.planeActor->GetProperty()->SetColor(0.85, 0.85, 0.80);
    p.planeActor->GetProperty()->SetOpacity(0.30);
    p.planeActor->GetProperty()->LightingOff();
    r->AddActor(p.planeActor);

    p.polhode.init(r, 1.0, 0.62, 0.15, 2.5);
    p.herpolhode.init(r, 1.0, 0.92, 0.35, 2.0);
    p.exactPolhode.init(r, kExactPolhodeColour[0], kExactPolhodeColour[1], kExactPolhodeColour[2], 2.0);
    p.omega.init(r, 1.0, 0.55, 0.1, 2.0);
    p.momentum.init(r, 0.9, 0.35, 0.9, 2.0);
    p.contactSource->SetThetaResolution(16);
    p.contactSource->SetPhiResolution(12);
    p.contactMapper->SetInputConnection(p.contactSource->GetOutputPort());
    p.contact->SetMapper(p.contactMapper);
    p.contact->GetProperty()->SetColor(1.0, 0.45, 0.1);
    r->AddActor(p.contact);

    vtkTextProperty* cp = p.caption->GetTextProperty();
    cp->SetColor(0.92, 0.93, 0.95);
    cp->SetFontFamilyToArial();
    cp->SetFontSize(12);
    p.caption->SetDisplayPosition(8, 6);
    r->AddActor2D(p.caption);
    upload();
}

PoinsotView::~PoinsotView() = default;

double PoinsotView::planeDistance() const
{
    return m_l0.norm() > 0.0 ? m_twoT0 / m_l0.norm() : 0.0;
}

void PoinsotView::restart()
{
    // at once, from the snapshot on screen: the ghost restarted with it starts there too
    m_following = false;
    if (m_snapshot)
        setSnapshot(m_snapshot, m_body);
}

void PoinsotView::setSnapshot(SnapshotPtr s, int body)
{
    m_snapshot = std::move(s);
    const BodyState* b = m_snapshot ? m_snapshot->bodyState(body) : nullptr;
    if (!b || !isFinite(*b) || b->type != BodyType::Clump) {
        if (m_following || body != m_body) {
            m_following = false;
            m_body = body;
            m_dirty = true;
            update();
        }
        return;
    }
    const bool fresh =
        !m_following || body != m_body || m_snapshot->scene->revision != m_revision || m_snapshot->time < m_lastTime;
    m_body = body;
    m_revision = m_snapshot->scene->revision;
    if (fresh)
        startFrom(*b);
    else if (m_snapshot->time == m_lastTime)
        return;
    m_state = *b;
    m_lastTime = m_snapshot->time;
    m_polhode.push_back(b->angularVelocityBody());
    m_herpolhode.push_back(b->angularVelocity);
    for (auto* trace : {&m_polhode, &m_herpolhode})
        if (trace->size() > kMaxTrace)
            trace->erase(trace->begin(), trace->begin() + std::ptrdiff_t(trace->size() - kMaxTrace));
    m_dirty = true;
    update();
}

void PoinsotView::startFrom(const BodyState& b)
{
    m_following = true;
    m_state = b;
    m_twoT0 = b.angularVelocity.dot(b.angularMomentum);
    m_l0 = b.angularMomentum;
    m_polhode.clear();
    m_herpolhode.clear();
    m_exactPolhode.clear();
    const TorqueFreeMotion exact(b.moments, b.orientation, b.angularMomentum);
    if (std::isfinite(exact.period()) && exact.kind() != TorqueFreeMotion::Kind::Steady) {
        constexpr int n = 240;
        for (int i = 0; i < n; ++i)
            m_exactPolhode.push_back(exact.angularVelocityBody(exact.period() * i / n));
    }
    placeCamera();
}

void PoinsotView::placeCamera()
{
    if (m_l0.norm() == 0.0 || m_twoT0 <= 0.0)
        return;
    const Vec3 n = m_l0.normalized();
    Vec3 u, v;
    planeBasis(n, u, v);
    const double a = std::sqrt(m_twoT0 / m_state.moments.minCoeff()); // largest semi-axis
    // the classic picture: the plane below, the ellipsoid resting on it, seen from a little above
    const Vec3 focus = 0.5 * planeDistance() * n;
    const Vec3 eye = focus + a * (3.4 * u + 1.2 * v - 1.5 * n);
    vtkCamera* c = m_p->renderer->GetActiveCamera();
    c->SetFocalPoint(focus.x(), focus.y(), focus.z());
    c->SetPosition(eye.x(), eye.y(), eye.z());
    c->SetViewUp(-n.x(), -n.y(), -n.z());
    c->SetViewAngle(30.0);
    m_p->renderer->ResetCameraClippingRange();
}

QString PoinsotView::captionText() const
{
    if (!m_following)
        return tr("Poinsot view: select a clump");
    const double e = 0.5 * m_state.angularVelocity.dot(m_state.angularMomentum);
    const double de = (2.0 * e - m_twoT0) / m_twoT0;
    const double dl = (m_state.angularMomentum - m_l0).norm() / m_l0.norm();
    QString text = tr("body %1   dE/E0 = %2   |dL|/|L0| = %3").arg(m_body).arg(de, 0, 'e', 2).arg(dl, 0, 'e', 2);
    if (dl > TorqueFreeGhost::kTorqueTolerance)
        text += tr("\na torque acts: Poinsot's construction no longer holds");
    return text;
}

void PoinsotView::upload()
{
    Pipeline& p = *m_p;
    const bool show = m_following && m_twoT0 > 0.0 && m_l0.norm() > 0.0;
    for (vtkActor* a :
         {p.ellipsoid.Get(), p.ellipsoidWire.Get(), p.planeActor.Get(), p.polhode.actor.Get(), p.herpolhode.actor.Get(),
          p.exactPolhode.actor.Get(), p.omega.actor.Get(), p.momentum.actor.Get(), p.contact.Get()})
        a->SetVisibility(show);
    p.caption->SetInput(captionText().toUtf8().constData());
    if (!show)
        return;

    // ellipsoid: the unit sphere scaled to sqrt(2 T0 / J_i) along the principal axes, turned by q
    const Mat3 rot = m_state.orientation.toRotationMatrix();
    const Vec3 semi = (m_twoT0 * m_state.moments.cwiseInverse()).cwiseSqrt();
    p.ellipsoid->SetUserMatrix(matrixOf(rot * semi.asDiagonal()));
    p.ellipsoidWire->SetUserMatrix(matrixOf(rot * semi.asDiagonal()));

    // invariable plane: a square about the foot of the perpendicular
    const Vec3 n = m_l0.normalized();
    Vec3 u, v;
    planeBasis(n, u, v);
    const double half = 1.3 * semi.maxCoeff();
    const Vec3 foot = planeDistance() * n;
    p.planePoints->SetNumberOfPoints(4);
    const Vec3 corners[4] = {foot - half * u - half * v, foot + half * u - half * v, foot + half * u + half * v,
                             foot - half * u + half * v};
    for (int i = 0; i < 4; ++i)
        p.planePoints->SetPoint(i, corners[i].x(), corners[i].y(), corners[i].z());
    vtkNew<vtkCellArray> quad;
    const vtkIdType ids[4] = {0, 1, 2, 3};
    quad->InsertNextCell(4, ids);
    p.plane->SetPolys(quad);
    p.planePoints->Modified();
    p.plane->Modified();

    // polhodes turn with the body: drawn in the body frame under the body's rotation
    p.polhode.set(m_polhode);
    p.polhode.actor->SetUserMatrix(matrixOf(rot));
    p.exactPolhode.set(m_exactPolhode, true);
    p.exactPolhode.actor->SetUserMatrix(matrixOf(rot));
    p.herpolhode.set(m_herpolhode);
    const Vec3 w = m_state.angularVelocity;
    p.omega.set({Vec3::Zero(), w});
    p.momentum.set({Vec3::Zero(), foot});
    p.contactSource->SetRadius(0.035 * semi.maxCoeff());
    p.contactSource->SetCenter(w.x(), w.y(), w.z());
    p.renderer->ResetCameraClippingRange();
}

void PoinsotView::prepareRender()
{
    if (m_dirty) {
        upload();
        m_dirty = false;
    }
}

} // namespace tumble::ui
