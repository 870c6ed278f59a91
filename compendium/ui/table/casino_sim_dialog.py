"""The systems simulator at the casino table: choose a system, play it over many evenings
(``compendium.ai.casino_sim``), and see how the evenings end — a histogram of their results,
their mean, and the loss the bank's edge predicts, drawn side by side."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...ai.casino_sim import SimResult, simulate
from ...ai.chance.casino import SYSTEM_NAMES, SYSTEMS

EDGE_COLOUR = QColor(200, 40, 40)
MEAN_COLOUR = QColor(20, 90, 170)


class HistogramView(QWidget):
    """The evenings' results as bars, the mean and the edge's prediction as two lines."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: SimResult | None = None
        self.setMinimumSize(560, 300)

    def set_result(self, result: SimResult) -> None:
        self.result = result
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(252, 249, 240))
        res = self.result
        font = QFont("DejaVu Sans")
        font.setPixelSize(12)
        p.setFont(font)
        if res is None:
            p.drawText(self.rect(), int(Qt.AlignmentFlag.AlignCenter), "Choose a system and press Run.")
            return
        hist = res.histogram(24)
        top = max(c for _, _, c in hist) or 1
        plot = QRectF(56, 30, self.width() - 76, self.height() - 78)
        lo, hi = hist[0][0], hist[-1][1]
        span = (hi - lo) or 1.0

        def x_of(v: float) -> float:
            return plot.left() + plot.width() * (v - lo) / span

        p.setPen(QPen(QColor(120, 110, 90), 1))
        p.drawLine(plot.bottomLeft(), plot.bottomRight())
        p.drawLine(plot.bottomLeft(), plot.topLeft())
        for a, b, c in hist:
            h = plot.height() * c / top
            bar = QRectF(x_of(a) + 1, plot.bottom() - h, max(1.0, x_of(b) - x_of(a) - 2), h)
            p.fillRect(bar, QColor(120, 150, 110) if b > 0 else QColor(170, 140, 110))
        for k in range(5):
            v = lo + span * k / 4
            p.setPen(QColor(80, 70, 50))
            p.drawText(QRectF(x_of(v) - 40, plot.bottom() + 4, 80, 16), int(Qt.AlignmentFlag.AlignCenter), f"{v:+.0f}")
        p.drawText(QRectF(4, plot.top() - 2, 50, 16), int(Qt.AlignmentFlag.AlignRight), str(top))
        p.drawText(QRectF(plot.left(), self.height() - 22, plot.width(), 16), int(Qt.AlignmentFlag.AlignCenter),
                   "an evening's result, francs (how many evenings ended so)")
        for value, colour, label in ((res.mean, MEAN_COLOUR, f"mean {res.mean:+.0f} ± {res.stderr:.0f}"),
                                     (res.expected, EDGE_COLOUR, f"the edge says {res.expected:+.0f}")):
            x = x_of(value)
            p.setPen(QPen(colour, 2.4, Qt.PenStyle.DashLine if colour == EDGE_COLOUR else Qt.PenStyle.SolidLine))
            p.drawLine(x, plot.top(), x, plot.bottom())
            p.setPen(colour)
            right = x > plot.center().x()
            p.drawText(QRectF(x - 204 if right else x + 4, plot.top() + (0 if colour == MEAN_COLOUR else 16), 200, 16),
                       int(Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft), label)
        p.setPen(QColor(40, 30, 20))
        p.drawText(QRectF(0, 6, self.width(), 18), int(Qt.AlignmentFlag.AlignCenter),
                   f"{SYSTEM_NAMES[res.system]}: {res.sessions} evenings of {res.coups} coups, "
                   f"{res.winners:.0%} of them won")


class SimulatorDialog(QDialog):
    def __init__(self, parent: Any, game_id: str) -> None:
        super().__init__(parent)
        self.game_id = game_id
        self.setWindowTitle("Simulate a system")
        self.system = QComboBox()
        for key in SYSTEMS:
            self.system.addItem(SYSTEM_NAMES[key], key)
        self.sessions = QSpinBox()
        self.sessions.setRange(10, 20000)
        self.sessions.setValue(1000)
        self.coups = QSpinBox()
        self.coups.setRange(1, 1000)
        self.coups.setValue(30)
        self.capital = QSpinBox()
        self.capital.setRange(100, 100000)
        self.capital.setSingleStep(100)
        self.capital.setValue(1000 if game_id == "roulette" else 2000)
        run = QPushButton("Run")
        run.clicked.connect(self.run)
        row = QHBoxLayout()
        for label, widget in (("System", self.system), ("Evenings", self.sessions), ("Coups", self.coups),
                              ("Capital", self.capital)):
            row.addWidget(QLabel(label))
            row.addWidget(widget)
        row.addWidget(run)
        self.chart = HistogramView()
        self.words = QLabel("")
        self.words.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.chart, 1)
        layout.addWidget(self.words)
        layout.addWidget(buttons)
        self.resize(720, 470)
        self.run()

    def run(self) -> SimResult:
        result = simulate(self.game_id, str(self.system.currentData()), self.sessions.value(),
                          self.coups.value(), self.capital.value(), seed=1)
        self.chart.set_result(result)
        self.words.setText(
            f"Staking on rouge with the minimum as the unit. The system wins {result.winners:.0%} of the "
            f"evenings, usually a little, and loses the rest, sometimes heavily; on average an evening ends "
            f"{result.mean:+.1f} ± {result.stderr:.1f} francs, where the bank's edge of {result.edge:.3%} "
            f"on the money staked predicts {result.expected:+.1f}.")
        return result
