;;; eglot.el --- drive toolcheck lsp from Emacs's eglot, headless.  -*- lexical-binding: t -*-
;;
;; emacs --batch -Q -l eglot.el, with TOOLCHECK_BIN, FIXTURE_ROOT,
;; TARGET_FILE and OUT_FILE set: opens TARGET_FILE in a minimal go-mode,
;; connects eglot to `toolcheck lsp', waits for flymake's diagnostics and
;; writes one line per diagnostic to OUT_FILE: LINE<TAB>COLUMN<TAB>TEXT
;; (1-based line, 0-based column in characters). Errors go to
;; OUT_FILE.err.

;; Debian's elpa-eglot, under /usr/share/emacs/site-lisp/elpa (which
;; emacs -Q does not look in).
(require 'package)
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
(require 'eglot)
(require 'flymake)

(define-derived-mode go-mode prog-mode "Go"
  "A stand-in for go-mode: eglot needs a major mode whose name says the
language (languageId \"go\").")

(let* ((bin (getenv "TOOLCHECK_BIN"))
       (root (file-name-as-directory (getenv "FIXTURE_ROOT")))
       (target (getenv "TARGET_FILE"))
       (out (getenv "OUT_FILE"))
       (deadline (+ (float-time) 240)))
  (condition-case err
      (progn
        (add-to-list 'eglot-server-programs `(go-mode . (,bin "lsp")))
        ;; The fixture is not a VC checkout: its root is the project.
        (add-hook 'project-find-functions (lambda (_dir) (cons 'transient root)))
        (setq eglot-sync-connect 60
              eglot-connect-timeout 60)
        (with-current-buffer (find-file-noselect target)
          (go-mode)
          (apply #'eglot (eglot--guess-contact))
          (let (diags)
            (while (and (null diags) (< (float-time) deadline))
              (flymake-start)
              (accept-process-output nil 0.5)
              (setq diags (flymake-diagnostics)))
            (unless diags
              (error "no diagnostics from toolcheck lsp within 240s"))
            ;; Let the rest of a batch arrive.
            (accept-process-output nil 1)
            (flymake-start)
            (accept-process-output nil 1)
            (setq diags (flymake-diagnostics))
            (let ((lines (mapcar (lambda (d)
                                   (let ((beg (flymake-diagnostic-beg d)))
                                     (format "%d\t%d\t%s\n"
                                             (line-number-at-pos beg)
                                             (- beg (save-excursion (goto-char beg) (line-beginning-position)))
                                             (replace-regexp-in-string "\n" " " (flymake-diagnostic-text d)))))
                                 diags)))
              (with-temp-file out
                (apply #'insert lines))))
          (eglot-shutdown (eglot-current-server))))
    (error
     (with-temp-file (concat out ".err")
       (insert (format "%S\n" err))))))

(kill-emacs 0)
