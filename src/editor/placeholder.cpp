// replaced by the editor sources
