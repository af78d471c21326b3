"""Calibrated reconstructions of Claypool's (1997) quality figures (Figures 5.24-5.26, 6.11-6.12, 7.6-7.9).

The thesis prints the procedure behind its quality predictions and a few anchor results,
but not the intermediate coefficients (jitter-versus-load slopes, the utilisation-to-load
mapping, the latency model under load, the missed-update model). This module rebuilds each
pipeline from the printed inputs (Tables 5.2, 5.4, 6.3, 7.1, the SPECint92 values and the
quality limits) plus *named* assumptions, and calibrates the one unknown scale of each
application to one printed anchor. Every other printed number is an independent check.

Audioconference (thesis section 5.6.4), per participant's workstation:

- CPU demand (no silence deletion, multicast; see :func:`audio_cpu_demand`) from Table 5.2,
  scaled by SPECint92 relative to the IPX; utilisation ``U``.
- Unix load average ``l = l_bg + U/(1-U)`` (M/M/1 number in system; assumption).
- Interarrival variance ``J = kappa * l / s**e + J_net(B)`` (ms^2), ``s`` = SPECint92 / 21.8, ``e`` = 1 by default:
  the thesis's linear jitter-versus-load lines whose slopes fall with processor power
  (section 3.4), plus additive network jitter (Table 5.4). ``kappa`` is **calibrated** so
  that 20 users on Ethernet become acceptable at SPECint92 = 40 (Figure 5.24).
- ``J_net(B) = r * kappa * (c + 10 d) / (c + B d)``: the thesis's ``1/var = c + d B`` form,
  with ``c/d`` fitted to the Table 5.4 network column and the Ethernet value tied to the
  processor jitter by the Table 5.4 ratio ``r = 411.37 / 564.63`` at load 1 (assumption).
- Lateness exponential with standard deviation ``sqrt(J/2)`` (independent delays make the
  interarrival variance twice the delay variance); its jitter-compensation curve is
  ``D(b) = 100 exp(-b/theta)`` % and the buffer is the curve point closest to the origin on
  axes normalised by 230 ms and 6 % (the thesis's rule).
- Latency = CPU path (record, send, receive, play at 1280 bytes) stretched by processor
  sharing with the background load (the thesis's bare/(N+1) counter rule) and by
  ``1/(1-U)``, + transmission time + buffer. Loss = buffer drops + saturation + 0.5 %
  transmission loss scaled by network utilisation.

Flying (section 6.5.5): clients decompress JPEG frames (0.000341 ms/bit on an IPX, Indigo 2
= 4 IPX, spread over the client's processors); the server (Indigo 2 with flying hardware)
delivers 1416 or 1608 Mbit/s (Table 6.3) but reaches its clients over one OC-12 (622 Mbit/s,
the server link of section 6.5.1), which compressed frames use at 30 %. Data-loss axis: shortfall of delivered Mbit/s
from 720 with the limit at 20 (assumption: linear). Nothing is calibrated.

Virtual Cockpit (section 7.6.3): per-second processor load from Table 7.1 and the section
7.3 counting rules; the frame rate is what is left after updates, capped at 30 frames/s;
latency = update path + ``lam`` frame periods (``lam`` **calibrated** so that Indigo 2s are
acceptable up to 500 soldiers, Figure 7.6); jitter = standard deviation of the update work
done per frame (Poisson arrivals of updates), with the "10 % jitter" limit read as 10 % of
the 300 ms latency limit (30 ms; the thesis does not say 10 % of what); missed updates =
0.5 % transmission loss + network saturation. Four axes normalised by 300 ms, 30 ms,
(30 - fps)/(30 - 3) and 5 % missed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from scipy.optimize import brentq

from mmperf import quality as qm
from mmperf.errors import ParameterError

from .data import Inputs, load_inputs  # noqa: F401  (load_inputs: used by the doctests)


@dataclass(frozen=True)
class Calibration:
    """The result of calibrating one unknown scale to one printed anchor.

    ``status`` is ``"met"`` when a value inside the search range puts the model on the anchor,
    ``"floor"`` when even the smallest value searched leaves the anchor unacceptable (``value`` is
    that smallest value), and ``"ceiling"`` when even the largest leaves it acceptable (``value``
    is the largest value searched). Only ``"met"`` is a calibration; the others are reported as a
    warning and the target as missed.
    """

    value: float
    status: str

    @property
    def met(self) -> bool:
        return self.status == "met"


# ----------------------------------------------------------------------------- audio
@dataclass(frozen=True)
class AudioSettings:
    """Limits and assumptions of the audioconference pipeline.

    No field has a default: every value is read from ``data/claypool`` by :func:`audio_settings`, the one
    place (defaults here had drifted from the data: ``net_c_over_d`` 96.07 against the fit's 96.083).
    """

    latency_limit_ms: float
    gaps_limit_pct: float
    background_load: float
    reference_load: float
    transmission_loss_pct: float
    utilisation_cap: float
    frame_bytes: float
    frame_interval_ms: float
    ipx_specint92: float
    net_ratio: float
    net_c_over_d: float
    jitter_spec_exponent: float


def audio_settings(inputs: Inputs, **overrides) -> AudioSettings:
    """Audio settings from the data (limits, Table 5.4 ratio and fit), then ``overrides``."""
    base = AudioSettings(
        latency_limit_ms=inputs.lim("audio_latency_limit_ms"),
        gaps_limit_pct=inputs.lim("audio_gaps_limit_pct"),
        background_load=inputs.ass("audio_background_load"),
        reference_load=inputs.ass("audio_reference_load"),
        transmission_loss_pct=inputs.lim("transmission_loss_pct"),
        utilisation_cap=inputs.ass("utilisation_cap"),
        frame_bytes=inputs.sys("audio_frame_bytes"),
        frame_interval_ms=inputs.sys("audio_frame_interval_ms"),
        ipx_specint92=inputs.sys("specint92_ipx"),
        net_ratio=inputs.sys("table5_4_ethernet_network_jitter") / inputs.sys("table5_4_ethernet_processor_jitter"),
        net_c_over_d=network_jitter_fit(inputs)[0] / network_jitter_fit(inputs)[1],
        jitter_spec_exponent=inputs.ass("audio_jitter_specint92_exponent"),
    )
    return replace(base, **overrides)


def network_jitter_fit(inputs: Inputs) -> tuple[float, float]:
    """Least-squares ``1/var = c + d*B`` through the Table 5.4 network column (our fit, derived).

    Returns ``(c, d)`` in Table 5.4's unstated units. The thesis prints only the form and
    r = 0.98 for Figure 3.13.

    Examples
    --------
    >>> c, d = network_jitter_fit(load_inputs())
    >>> round(c / d, 1)
    96.1
    """
    bw = np.array([inputs.sys(n) for n in ("ethernet_Mbit_s", "fibre_channel_Mbit_s", "hippi_Mbit_s")])
    var = np.array([inputs.sys(n) for n in ("table5_4_ethernet_network_jitter", "table5_4_fc_network_jitter",
                                              "table5_4_hippi_network_jitter")])
    d, c = np.polyfit(bw, 1.0 / var, 1)
    return float(c), float(d)


def audio_cpu_demand(n_users, inputs: Inputs, settings: AudioSettings):
    """CPU seconds per second one participant's IPX needs (no silence deletion, multicast).

    Per frame (Table 5.2 costs at ``frame_bytes``): record and play once, send once
    (multicast), receive the other ``N-1`` streams and mix ``N-2`` of them into one
    (two participants need no mix). Frames per second = 1000 / ``frame_interval_ms``.

    Examples
    --------
    >>> inp = load_inputs(); s = audio_settings(inp)
    >>> round(float(audio_cpu_demand(20, inp, s)), 3)
    0.423
    """
    n = np.asarray(n_users, dtype=float)
    p = settings.frame_bytes

    def cost(op: str) -> float:
        a, b = inputs.audio_costs[op]
        return a + b * p

    per_frame_ms = (cost("Record") + cost("Send") + cost("Play") + (n - 1) * cost("Receive")
                    + np.maximum(n - 2, 0) * cost("Mix"))
    return per_frame_ms * (1000.0 / settings.frame_interval_ms) / 1000.0


def audio_path_latency_ms(inputs: Inputs, settings: AudioSettings) -> float:
    """Record + send + receive + play of one frame on an IPX, in ms (Table 5.2 at ``frame_bytes``)."""
    p = settings.frame_bytes
    return sum(a + b * p for a, b in (inputs.audio_costs[op] for op in ("Record", "Send", "Receive", "Play")))


def optimal_buffer(theta_ms: float, latency_limit_ms: float, gaps_limit_pct: float) -> tuple[float, float]:
    """Buffer closest to the origin on an exponential jitter-compensation curve.

    The curve is ``D(b) = 100 exp(-b / theta)`` % dropped for a buffer of ``b`` ms; the thesis
    normalises buffer by 230 ms and drops by 6 % and takes the point nearest the origin.

    Returns
    -------
    (buffer_ms, dropped_pct)

    Examples
    --------
    >>> b, d = optimal_buffer(25.6, 230.0, 6.0)
    >>> round(b, 1), round(d, 2)
    (109.6, 1.38)
    >>> optimal_buffer(0.0, 230.0, 6.0)
    (0.0, 0.0)
    """
    if theta_ms <= 0:
        return 0.0, 0.0
    a = 100.0 / gaps_limit_pct

    def slope(b: float) -> float:   # derivative of (b/L)^2 + (a e^{-b/theta})^2, increasing in b
        return 2 * b / latency_limit_ms**2 - 2 * a * a * math.exp(-2 * b / theta_ms) / theta_ms

    if slope(0.0) >= 0:
        return 0.0, 100.0
    hi = theta_ms
    while slope(hi) < 0:
        hi *= 2
    b = brentq(slope, 0.0, hi, xtol=1e-9)
    return b, 100.0 * math.exp(-b / theta_ms)


def audio_point(kappa: float, specint92: float, bandwidth_mbps: float, n_users: float, inputs: Inputs,
                settings: AudioSettings, background_load: float | None = None, realtime: bool = False) -> dict:
    """One audioconference operating point: jitter, buffer, latency, loss and quality.

    ``kappa`` is the processor jitter (ms^2) per unit of load average on an IPX.

    Examples
    --------
    >>> inp = load_inputs(); s = audio_settings(inp)
    >>> pt = audio_point(300.0, 21.8, 10.0, 2, inp, s)
    >>> sorted(pt)[:4]
    ['buffer_ms', 'cpu_utilisation', 'dropped_pct', 'jitter_ms2']
    """
    bg = settings.background_load if background_load is None else background_load
    speed = specint92 / settings.ipx_specint92
    u = float(audio_cpu_demand(n_users, inputs, settings)) / speed
    u_eff = min(u, settings.utilisation_cap)
    own_load = u_eff / (1.0 - u_eff)
    load = own_load if realtime else bg + own_load
    net_jitter = settings.net_ratio * kappa * settings.reference_load * (
        (settings.net_c_over_d + 10.0) / (settings.net_c_over_d + bandwidth_mbps))
    jitter = kappa * load / speed**settings.jitter_spec_exponent + net_jitter
    theta = math.sqrt(jitter / 2.0)
    buffer_ms, dropped = optimal_buffer(theta, settings.latency_limit_ms, settings.gaps_limit_pct)
    sharing = 1.0 if realtime else 1.0 + bg
    cpu_ms = audio_path_latency_ms(inputs, settings) / speed * sharing / (1.0 - u_eff)
    net_demand = n_users * settings.frame_bytes * 8 / settings.frame_interval_ms / 1000.0   # Mbit/s
    rho = net_demand / bandwidth_mbps
    tx_ms = settings.frame_bytes * 8 / (bandwidth_mbps * 1e3)
    saturation = max(0.0, 1.0 - 1.0 / u) + max(0.0, 1.0 - 1.0 / rho)
    loss = min(100.0, dropped + 100.0 * saturation + settings.transmission_loss_pct * min(1.0, rho))
    latency = cpu_ms + tx_ms + buffer_ms
    q = qm.quality([qm.normalise(latency, settings.latency_limit_ms), qm.normalise(loss, settings.gaps_limit_pct)])
    return {"quality": q, "latency_ms": latency, "loss_pct": loss, "buffer_ms": buffer_ms, "dropped_pct": dropped,
            "jitter_ms2": jitter, "cpu_utilisation": u, "net_utilisation": rho, "load_average": load}


def audio_quality(kappa, specint92, bandwidth_mbps, n_users, inputs, settings, **kw) -> float:
    """Quality only (see :func:`audio_point`)."""
    return audio_point(kappa, specint92, bandwidth_mbps, n_users, inputs, settings, **kw)["quality"]


def _crossing(f, lo: float, hi: float) -> float:
    """Root of ``f(x) - 1`` on a bracket (log-spaced scan first, then Brent)."""
    xs = np.geomspace(lo, hi, 80)
    vals = [f(x) - 1.0 for x in xs]
    for i in range(len(xs) - 1):
        if vals[i] == 0:
            return float(xs[i])
        if np.sign(vals[i]) != np.sign(vals[i + 1]):
            return float(brentq(lambda x: f(x) - 1.0, xs[i], xs[i + 1], xtol=1e-10 * xs[i]))
    return float("nan")


def spec_threshold(kappa, n_users, bandwidth_mbps, inputs, settings) -> float:
    """Smallest SPECint92 at which the conference is acceptable (Q = 1), or NaN if none in [1, 10^4]."""
    return _crossing(lambda s: audio_quality(kappa, s, bandwidth_mbps, n_users, inputs, settings), 1.0, 1e4)


def max_users(kappa, specint92, bandwidth_mbps, inputs, settings, n_max: int = 1000) -> int:
    """Largest whole number of users (>= 2) with acceptable quality (0 if even 2 are unacceptable)."""
    best = 0
    for n in range(2, n_max + 1):
        if qm.is_acceptable(audio_quality(kappa, specint92, bandwidth_mbps, n, inputs, settings)):
            best = n
        elif best:
            break
    return best


def audio_kappa_calibration(inputs: Inputs, settings: AudioSettings, n_users: float = 20,
                            target_spec: float = 40.0, bandwidth_mbps: float = 10.0) -> Calibration:
    """``kappa`` (ms^2 per load unit on an IPX) putting the Figure 5.24 crossing at ``target_spec``.

    The search runs over ``kappa`` in [1e-3, 1e7] (log scale, Brent's method). Status ``"floor"``:
    the anchor is unacceptable even with no processor jitter (the limits are too strict for the
    non-jitter latency and loss); ``"ceiling"``: it stays acceptable for any jitter scale searched.

    Examples
    --------
    >>> inp = load_inputs(); s = audio_settings(inp)
    >>> cal = audio_kappa_calibration(inp, s)
    >>> cal.status, round(spec_threshold(cal.value, 20, 10.0, inp, s), 6)
    ('met', 40.0)
    """
    def excess(log_k: float) -> float:
        return audio_quality(math.exp(log_k), target_spec, bandwidth_mbps, n_users, inputs, settings) - 1.0

    lo, hi = math.log(1e-3), math.log(1e7)
    if excess(lo) >= 0:
        return Calibration(math.exp(lo), "floor")
    if excess(hi) <= 0:
        return Calibration(math.exp(hi), "ceiling")
    return Calibration(math.exp(brentq(excess, lo, hi, xtol=1e-12)), "met")


def calibrate_audio_kappa(inputs: Inputs, settings: AudioSettings, n_users: float = 20,
                          target_spec: float = 40.0, bandwidth_mbps: float = 10.0) -> float:
    """The calibrated ``kappa`` of :func:`audio_kappa_calibration`; raises if the anchor is unreachable.

    Raises
    ------
    ParameterError
        when no jitter scale in the searched range meets the anchor.
    """
    cal = audio_kappa_calibration(inputs, settings, n_users, target_spec, bandwidth_mbps)
    if cal.status == "floor":
        raise ParameterError("no processor jitter scale makes the Figure 5.24 anchor acceptable: the limits "
                             "are too strict for the non-jitter latency and loss alone")
    if cal.status == "ceiling":
        raise ParameterError("the Figure 5.24 anchor stays acceptable for any jitter scale: the limits are too lax")
    return cal.value


# ----------------------------------------------------------------------------- flying
@dataclass(frozen=True)
class FlyingSettings:
    """Limits and system values of the flying quality model (section 6.5.5); read by :func:`flying_settings`."""

    latency_limit_ms: float
    min_useful_mbps: float
    max_useful_mbps: float
    frame_mbit: float
    max_fps: float
    indigo2_over_ipx: float
    decompress_ms_per_bit: float
    server_none_mbps: float
    server_compressed_mbps: float
    server_link_mbps: float
    compression_reduction: float


def flying_settings(inputs: Inputs, **overrides) -> FlyingSettings:
    base = FlyingSettings(
        latency_limit_ms=inputs.lim("flying_latency_limit_ms"),
        min_useful_mbps=inputs.lim("flying_min_useful_Mbit_s"),
        max_useful_mbps=inputs.lim("flying_max_useful_Mbit_s"),
        frame_mbit=inputs.sys("flying_frame_Mbit"),
        max_fps=inputs.lim("flying_max_useful_Mbit_s") / inputs.sys("flying_frame_Mbit"),   # 720 / 24 = 30
        indigo2_over_ipx=inputs.sys("indigo2_over_ipx"),
        decompress_ms_per_bit=inputs.sys("jpeg_decompress_ms_per_bit"),
        server_none_mbps=inputs.sys("table6_3_none_Mbit_s"),
        server_compressed_mbps=inputs.sys("table6_3_network_Mbit_s"),
        server_link_mbps=inputs.sys("oc12_Mbit_s") if inputs.ass("flying_server_link_is_oc12") else math.inf,
        compression_reduction=inputs.sys("flying_compression_reduction"),
    )
    return replace(base, **overrides)


def flying_client_decompress_ms(processors: float, fs: FlyingSettings) -> float:
    """Time for an Indigo 2 client with ``processors`` CPUs to decompress one frame, in ms.

    Examples
    --------
    >>> round(flying_client_decompress_ms(20, flying_settings(load_inputs())), 1)
    102.3
    """
    return fs.decompress_ms_per_bit * fs.frame_mbit * 1e6 / fs.indigo2_over_ipx / processors


def flying_server_capacity(compressed: bool, fs: FlyingSettings) -> float:
    """Frames the server can deliver, in Mbit/s of uncompressed frames: processor (Table 6.3) or link.

    The link carries compressed frames at (1 - 0.7) of their size, so compression triples what
    an OC-12 can deliver; the processor gains only 1608/1416.

    Examples
    --------
    >>> fs = flying_settings(load_inputs())
    >>> flying_server_capacity(False, fs), round(flying_server_capacity(True, fs), 1)
    (622.0, 1608.0)
    """
    if compressed:
        return min(fs.server_compressed_mbps, fs.server_link_mbps / (1.0 - fs.compression_reduction))
    return min(fs.server_none_mbps, fs.server_link_mbps)


def flying_point(processors: float, clients: float, compressed: bool, fs: FlyingSettings,
                 server_unlimited: bool = False) -> dict:
    """Client-side flying quality: delivered Mbit/s (of uncompressed frames) and added latency.

    Examples
    --------
    >>> p = flying_point(20, 1, True, flying_settings(load_inputs()), server_unlimited=True)
    >>> round(p["delivered_mbps"], 1), round(p["quality"], 3)
    (234.6, 0.824)
    """
    demand = fs.frame_mbit * fs.max_fps
    if compressed:
        t = flying_client_decompress_ms(processors, fs)
        client_cap = fs.frame_mbit * 1000.0 / t
    else:
        t, client_cap = 0.0, math.inf
    server = flying_server_capacity(compressed, fs)
    share = math.inf if server_unlimited else server / clients
    delivered = min(demand, client_cap, share)
    x = qm.shortfall(delivered, fs.max_useful_mbps, fs.min_useful_mbps)
    y = qm.normalise(t, fs.latency_limit_ms)
    return {"quality": qm.quality([x, y]), "delivered_mbps": delivered, "reduction_mbps": demand - delivered,
            "latency_ms": t, "server_saturated": bool(share < min(demand, client_cap))}


def flying_crossover(processors: float, fs: FlyingSettings, c_max: int = 200) -> int:
    """Smallest number of clients at which compression gives better (lower) quality than none; 0 if never."""
    for c in range(1, c_max + 1):
        if flying_point(processors, c, True, fs)["quality"] < flying_point(processors, c, False, fs)["quality"]:
            return c
    return 0


def flying_saturation_clients(compressed: bool, processors: float, fs: FlyingSettings) -> int:
    """First number of clients at which the server can no longer meet every request (the thesis's arrows); 0 if none."""
    c = 1
    while not flying_point(processors, c, compressed, fs)["server_saturated"]:
        c += 1
        if c > 100_000:
            return 0
    return c


# ----------------------------------------------------------------------------- virtual cockpit
@dataclass(frozen=True)
class VCSettings:
    """Limits and system values of the Virtual Cockpit quality model (section 7.6.3); read by :func:`vc_settings`."""

    latency_limit_ms: float
    jitter_limit_frac: float
    min_fps: float
    max_fps: float
    accuracy_min: float
    transmission_loss: float
    update_bytes: float
    read_bytes_per_frame: float


def vc_settings(inputs: Inputs, **overrides) -> VCSettings:
    base = VCSettings(
        latency_limit_ms=inputs.lim("vc_latency_limit_ms"),
        jitter_limit_frac=inputs.lim("vc_jitter_limit_pct") / 100.0,
        min_fps=inputs.lim("vc_min_fps"),
        max_fps=inputs.lim("vc_max_useful_fps"),
        accuracy_min=inputs.lim("vc_accuracy_min_pct") / 100.0,
        transmission_loss=inputs.lim("transmission_loss_pct") / 100.0,
        update_bytes=inputs.sys("vc_update_bytes"),
        read_bytes_per_frame=inputs.sys("vc_read_bytes_per_frame"),
    )
    return replace(base, **overrides)


def vc_point(lam: float, n_soldiers: float, speed: float, network_mbps: float, update_rate: float,
             inputs: Inputs, vs: VCSettings, multicast: bool = True, case: str = "msec") -> dict:
    """One Virtual Cockpit operating point.

    ``speed`` is the processor in Personal Irises (Indigo 2 = 6.5); ``case`` picks the Table 7.1
    column (``"msec"`` the estimate, ``"ci95_low"``/``"ci95_high"`` our best/worst cases).

    Examples
    --------
    >>> inp = load_inputs(); vs = vc_settings(inp)
    >>> p = vc_point(1.0, 100, 1.0, 10.0, 3.0, inp, vs)
    >>> round(p["fps"], 2), p["quality"] > 1
    (1.65, True)
    """
    c = {k: v[case] for k, v in inputs.vc_costs.items()}
    n = float(n_soldiers)
    others = max(n - 1.0, 0.0)
    c_send = c["Multicast Send"] if multicast else c["Unicast Send"]
    c_recv = c["Multicast Receive"] if multicast else c["Unicast Receive"]
    sends = update_rate if multicast else update_rate * others
    update_ms = sends * c_send + others * update_rate * (c_recv + c["Update"])
    per_frame_ms = c["Render"] + c["Display"] + vs.read_bytes_per_frame * c["Read"] + others * c["Compute"]
    capacity_ms = 1000.0 * speed
    fps = min(vs.max_fps, max((capacity_ms - update_ms) / per_frame_ms, 1e-3))
    bits = vs.update_bytes * 8
    demand = (n if multicast else n * others) * update_rate * bits / 1e6
    tx_ms = bits / (network_mbps * 1e3)
    path_ms = (c_send + c_recv + c["Update"]) / speed + tx_ms
    latency = path_ms + lam * 1000.0 / fps
    per_update_ms = (c_recv + c["Update"]) / speed
    jitter_ms = math.sqrt(others * update_rate / fps) * per_update_ms
    missed = min(1.0, vs.transmission_loss + max(0.0, 1.0 - network_mbps / demand))
    axes = {
        "latency": qm.normalise(latency, vs.latency_limit_ms),
        "jitter": qm.normalise(jitter_ms, vs.jitter_limit_frac * vs.latency_limit_ms),
        "frame_loss": qm.shortfall(fps, vs.max_fps, vs.min_fps),
        "missed_updates": qm.normalise(missed, 1.0 - vs.accuracy_min),
    }
    return {"quality": qm.quality(list(axes.values())), "fps": fps, "latency_ms": latency,
            "jitter_ms": jitter_ms, "missed_frac": missed, "net_utilisation": demand / network_mbps,
            "axes": axes}


def vc_max_soldiers(lam, speed, network_mbps, update_rate, inputs, vs, **kw) -> float:
    """Soldiers at which quality crosses 1 (continuous N, log-spaced search over [2, 10^6])."""
    return _crossing(lambda n: vc_point(lam, n, speed, network_mbps, update_rate, inputs, vs, **kw)["quality"],
                     2.0, 1e6)


def vc_cpu_exhausted_soldiers(speed, update_rate, inputs, vs, multicast: bool = True) -> float:
    """Soldiers at which processing updates alone takes the whole processor (no time left to render).

    The update work of :func:`vc_point` equals ``1000 * speed`` ms per second: with multicast one send per
    update, with unicast one send to each of the ``N - 1`` others.
    """
    c = {k: v["msec"] for k, v in inputs.vc_costs.items()}
    recv = c["Multicast Receive"] if multicast else c["Unicast Receive"]
    send = c["Multicast Send"] if multicast else c["Unicast Send"]
    if multicast:
        # update_rate * (send + (N - 1) * (recv + update)) = 1000 * speed
        return 1.0 + (1000.0 * speed - update_rate * send) / (update_rate * (recv + c["Update"]))
    # update_rate * (N - 1) * (send + recv + update) = 1000 * speed
    return 1.0 + 1000.0 * speed / (update_rate * (send + recv + c["Update"]))


def vc_frame_rate_limit_soldiers(speed, fps, update_rate, inputs, vs) -> float:
    """Soldiers at which the frame rate falls to ``fps`` (frame rate alone, as in Figure 7.5).

    Examples
    --------
    >>> inp = load_inputs(); vs = vc_settings(inp)
    >>> round(vc_frame_rate_limit_soldiers(6.5, 4.0, 3.0, inp, vs))
    735
    """
    def margin(n):
        return vc_point(1.0, n, speed, 1e9, update_rate, inputs, vs)["fps"] - fps
    if margin(2.0) < 0:
        return float("nan")
    return float(brentq(margin, 2.0, 1e8))


def vc_knee_soldiers(speed, update_rate, inputs, vs) -> float:
    """Soldiers at which the frame rate first drops below its 30 frames/s cap (the Figure 7.7 knee)."""
    def margin(n):
        return vc_point(1.0, n, speed, 1e9, update_rate, inputs, vs)["fps"] - vs.max_fps + 1e-9
    if margin(2.0) < 0:
        return float("nan")
    return float(brentq(margin, 2.0, 1e7))


def vc_lambda_calibration(inputs: Inputs, vs: VCSettings, target_soldiers: float = 500.0, speed: float = 6.5,
                          network_mbps: float = 10.0, update_rate: float = 3.0) -> Calibration:
    """Frames of display delay ``lam`` putting the Indigo 2's acceptability limit at ``target_soldiers``.

    Status ``"floor"`` (value 0): even no display delay leaves the anchor unacceptable (a slow
    processor, strict limits); ``"ceiling"``: no delay up to 10^4 frames makes it unacceptable.

    Examples
    --------
    >>> inp = load_inputs(); vs = vc_settings(inp)
    >>> cal = vc_lambda_calibration(inp, vs)
    >>> cal.status, round(vc_max_soldiers(cal.value, 6.5, 10.0, 3.0, inp, vs))
    ('met', 500)
    """
    def excess(lam: float) -> float:
        return vc_point(lam, target_soldiers, speed, network_mbps, update_rate, inputs, vs)["quality"] - 1.0

    if excess(0.0) >= 0:
        return Calibration(0.0, "floor")
    hi = 1.0
    while excess(hi) < 0:
        hi *= 2
        if hi > 1e4:
            return Calibration(hi, "ceiling")
    return Calibration(float(brentq(excess, 0.0, hi, xtol=1e-12)), "met")


def calibrate_vc_lambda(inputs: Inputs, vs: VCSettings, target_soldiers: float = 500.0, speed: float = 6.5,
                        network_mbps: float = 10.0, update_rate: float = 3.0) -> float:
    """The calibrated ``lam`` of :func:`vc_lambda_calibration`; raises if the anchor is unreachable.

    Raises
    ------
    ParameterError
        when no display delay meets the anchor.
    """
    cal = vc_lambda_calibration(inputs, vs, target_soldiers, speed, network_mbps, update_rate)
    if not cal.met:
        raise ParameterError(f"no display delay puts the Virtual Cockpit limit at {target_soldiers:g} soldiers "
                             f"(calibration at its {cal.status})")
    return cal.value


# ----------------------------------------------------------------------------- chapter 1
def fig1_1_bytes(inputs: Inputs) -> dict:
    """Bytes to convey one printed page in each medium (Figure 1.1).

    Text is exact (66 x 80 one-byte characters); the others rest on the labelled
    assumptions of ``quality_assumptions.csv`` (reading rate, PostScript cost, colour
    factor, video frame size), since the seed gives only the media and the 8000 bytes/s
    and 3 frames/s rates.

    Examples
    --------
    >>> fig1_1_bytes(load_inputs())["Text"]
    5280.0
    """
    a = inputs.ass
    chars = a("fig1_1_lines_per_page") * a("fig1_1_chars_per_line")
    reading_s = chars / a("fig1_1_chars_per_word") / a("fig1_1_reading_words_per_min") * 60.0
    graphics = chars * a("fig1_1_postscript_bytes_per_char")
    return {
        "Text": chars,
        "Graphics": graphics,
        "Color": graphics * a("fig1_1_color_factor"),
        "Audio": reading_s * a("fig1_1_audio_bytes_per_s"),
        "Video": reading_s * a("fig1_1_video_fps") * a("fig1_1_video_frame_bytes"),
    }


def audio_load_sweep(kappa, systems: dict, n_users, loads, inputs: Inputs, settings: AudioSettings) -> dict:
    """Figure 5.26 numbers: quality versus background load for each system and for the real-time IPX.

    Returns the curves, the largest spread of the default-priority systems relative to their
    mean, whether the real-time IPX is lowest at every load above 0, and the first load from
    which it is.
    """
    loads = np.asarray(loads, dtype=float)
    curves = {name: np.array([audio_quality(kappa, s, b, n_users, inputs, settings, background_load=x) for x in loads])
              for name, (s, b) in systems.items()}
    ipx, eth = systems["IPX + Ethernet"]
    rt = np.array([audio_quality(kappa, ipx, eth, n_users, inputs, settings, background_load=x, realtime=True)
                   for x in loads])
    stack = np.vstack(list(curves.values()))
    lowest = stack.min(axis=0)
    better = (rt <= lowest + 1e-12) & (loads > 0)
    return {"loads": loads, "curves": curves, "realtime": rt,
            "max_spread_rel": float(((stack.max(axis=0) - lowest) / stack.mean(axis=0)).max()),
            "rt_lowest_everywhere": bool(np.all(better[loads > 0])),
            "rt_lowest_from_load": float(loads[better][0]) if better.any() else float("nan")}



AUDIO_SYSTEMS = (("IPX + Ethernet", "specint92_ipx", "ethernet_Mbit_s"),
                 ("Sparc 5 + Fibre Channel", "specint92_sparc5", "fibre_channel_Mbit_s"),
                 ("DEC Alpha + HIPPI", None, "hippi_Mbit_s"))


def audio_systems(inputs: Inputs, alpha_specint92: float) -> dict:
    """The three Figure 5.25/5.26 systems as (SPECint92, Mbit/s); the Alpha's SPECint92 is a parameter."""
    return {name: (inputs.sys(spec) if spec else alpha_specint92, inputs.sys(net))
            for name, spec, net in AUDIO_SYSTEMS}

