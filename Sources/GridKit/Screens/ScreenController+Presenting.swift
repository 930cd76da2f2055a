/// Messages and alerts a screen asks for through its context (`ScreenContext.showMessage`,
/// `present`): the controller draws them over the screen.
extension ScreenController: ScreenPresenting {
    package func showMessage(_ text: String, for duration: Duration) {
        message?.expiry.cancel()
        let clock = host.clock
        let expiry = Task { @MainActor [weak self] in
            do { try await clock.sleep(for: duration) } catch { return }
            // The loop draws a frame after this job, as after any.
            guard let self, self.message?.text == text else { return }
            self.message = nil
        }
        message = (text, expiry)
    }

    package func present(_ alert: AlertController) {
        self.alert = alert
        screenChanged = true
    }
}
